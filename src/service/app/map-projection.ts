import type { Position } from './route-geojson.ts';

/** A box in degrees; `west` may exceed 180 once longitudes are unwrapped across the antimeridian. */
export interface Box {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

export interface MapFrame {
  /** Shift applied to negative longitudes: 360 when the route crosses the antimeridian, else 0. */
  readonly wrap: 0 | 360;
  readonly box: Box;
  readonly width: number;
  readonly height: number;
  /** x scale of the standard parallel (cos of the box's middle latitude), so shapes keep their look. */
  readonly xScale: number;
}

/** Width of the drawing in SVG units; the height follows the box. */
export const MAP_WIDTH = 800;
/** Padding around the route, as a share of its extent. */
const PADDING_SHARE = 0.15;
/** The smallest extent shown, in degrees: a short hop still shows the coast around it. */
const MIN_SPAN_DEGREES = 12;
/** Height over width kept between these, so a long thin route is not a ribbon. */
const MIN_ASPECT = 0.45;
const MAX_ASPECT = 1;
const MAX_LATITUDE = 85;

/** Longitudes of a route spanning more than half the globe are taken the other way round. */
export function wrapFor(positions: readonly Position[]): 0 | 360 {
  if (positions.length === 0) return 0;
  const lons = positions.map(([lon]) => lon);
  return Math.max(...lons) - Math.min(...lons) > 180 ? 360 : 0;
}

export const unwrap = (lon: number, wrap: 0 | 360): number => (wrap === 360 && lon < 0 ? lon + 360 : lon);

/**
 * The frame that shows every position with padding: an equirectangular projection with its standard
 * parallel at the middle of the box, MAP_WIDTH wide.
 */
export function frameFor(positions: readonly Position[]): MapFrame {
  const wrap = wrapFor(positions);
  const lons = positions.map(([lon]) => unwrap(lon, wrap));
  const lats = positions.map(([, lat]) => lat);
  let west = lons.length === 0 ? -180 : Math.min(...lons);
  let east = lons.length === 0 ? 180 : Math.max(...lons);
  let south = lats.length === 0 ? -60 : Math.min(...lats);
  let north = lats.length === 0 ? 75 : Math.max(...lats);
  const grow = (low: number, high: number): [number, number] => {
    const span = Math.max(high - low, MIN_SPAN_DEGREES);
    const middle = (low + high) / 2;
    const padded = span * (1 + 2 * PADDING_SHARE);
    return [middle - padded / 2, middle + padded / 2];
  };
  [west, east] = grow(west, east);
  [south, north] = grow(south, north);
  const xScale = Math.cos((((south + north) / 2) * Math.PI) / 180);
  // Keep the aspect within bounds by growing the short side around its middle.
  const aspect = (north - south) / ((east - west) * xScale);
  if (aspect < MIN_ASPECT) {
    const middle = (south + north) / 2;
    const half = (MIN_ASPECT * (east - west) * xScale) / 2;
    [south, north] = [middle - half, middle + half];
  } else if (aspect > MAX_ASPECT) {
    const middle = (west + east) / 2;
    const half = (north - south) / MAX_ASPECT / xScale / 2;
    [west, east] = [middle - half, middle + half];
  }
  south = Math.max(south, -MAX_LATITUDE);
  north = Math.min(north, MAX_LATITUDE);
  const width = MAP_WIDTH;
  const height = Math.round((width * (north - south)) / ((east - west) * xScale));
  return { wrap, box: { west, south, east, north }, width, height, xScale };
}

/** SVG coordinates (y down) of a [lon, lat] in the frame; `shift` moves it by whole turns of the globe. */
export function project(frame: MapFrame, [lon, lat]: Position, shift = 0): [number, number] {
  const { box, width, height } = frame;
  const x = ((unwrap(lon, frame.wrap) + shift - box.west) / (box.east - box.west)) * width;
  const y = ((box.north - lat) / (box.north - box.south)) * height;
  return [x, y];
}
