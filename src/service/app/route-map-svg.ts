import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { landRings } from './coastlines.ts';
import { type Box, frameFor, type MapFrame, project, unwrap } from './map-projection.ts';
import type { Position, RouteFeature, RouteFeatureCollection } from './route-geojson.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const round = (value: number): string => value.toFixed(1);

const pathData = (frame: MapFrame, points: readonly Position[], shift = 0, close = false): string => {
  const parts = points.map((point, index) => {
    const [x, y] = project(frame, point, shift);
    return `${index === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`;
  });
  return parts.join('') + (close ? 'Z' : '');
};

const overlaps = (a: Box, b: Box): boolean =>
  a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;

/** Land inside the frame, drawn once per turn of the globe the frame may show (it can pass 180°). */
function landPath(frame: MapFrame): string {
  const parts: string[] = [];
  for (const shift of [-360, 0, 360]) {
    for (const ring of landRings()) {
      const box = { ...ring.box, west: ring.box.west + shift, east: ring.box.east + shift };
      if (overlaps(box, frame.box)) parts.push(pathData(frame, ring.points, shift, true));
    }
  }
  return parts.join('');
}

/** The route's longitudes in the frame's range, so a leg across the antimeridian is one line, not two. */
const continuous = (points: readonly Position[], wrap: 0 | 360): Position[] =>
  points.map(([lon, lat]) => [unwrap(lon, wrap), lat]);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

const lineClass: Record<string, string> = {
  past_vessel_locations: 'route-past',
  estimated_full_legs: 'route-estimated',
  estimated_partial_leg: 'route-estimated',
};

/** Every position of the collection, for the frame. */
const positionsOf = (features: readonly RouteFeature[]): Position[] =>
  features.flatMap(({ geometry }) =>
    geometry.type === 'Point' ? [geometry.coordinates] : [...geometry.coordinates],
  );

/** A sentence per port and the vessel: the map's text alternative. */
export function routeDescription(collection: RouteFeatureCollection): string {
  const ports = collection.features
    .filter((f) => f.properties.feature_type === 'port')
    .map((f) => `${text(f.properties.label) ?? 'port'} ${text(f.properties.name) ?? ''}`.trim());
  const vessel = collection.features.find((f) => f.properties.feature_type === 'current_vessel');
  const sentences = [ports.length === 0 ? 'No route known yet.' : `Route: ${ports.join(', then ')}.`];
  if (vessel !== undefined && vessel.geometry.type === 'Point') {
    const [lon, lat] = vessel.geometry.coordinates;
    const name = text(vessel.properties.vessel_name);
    const near = `${Math.abs(lat).toFixed(1)}°${lat < 0 ? 'S' : 'N'} ${Math.abs(lon).toFixed(1)}°${lon < 0 ? 'W' : 'E'}`;
    sentences.push(`${name === undefined ? 'The vessel' : `Vessel ${name}`} is at sea near ${near}.`);
  } else if (ports.length > 0) {
    sentences.push('No vessel at sea now.');
  }
  return sentences.join(' ');
}

/**
 * The route as an inline SVG: land from world-atlas, sailed legs solid, estimated legs dashed, ports as
 * labelled dots (POL, TS1…, POD), the vessel as a marker; role=img with a title and a description.
 */
export function routeMapSvg(
  collection: RouteFeatureCollection,
  options: { title: string; id: string },
): Html {
  const frame = frameFor(positionsOf(collection.features));
  const lines = collection.features.flatMap((feature) => {
    const kind = lineClass[feature.properties.feature_type];
    if (feature.geometry.type !== 'LineString' || kind === undefined) return [];
    return [
      html`<path class="${kind}" d="${pathData(frame, continuous(feature.geometry.coordinates, frame.wrap))}"/>`,
    ];
  });
  const ports = collection.features.flatMap((feature) => {
    if (feature.properties.feature_type !== 'port' || feature.geometry.type !== 'Point') return [];
    const [x, y] = project(frame, feature.geometry.coordinates);
    const label = text(feature.properties.label) ?? '';
    return [
      html`<g class="port"><circle cx="${round(x)}" cy="${round(y)}" r="5"/><text x="${round(x + 8)}" y="${round(y - 8)}">${label}</text></g>`,
    ];
  });
  const vessels = collection.features.flatMap((feature) => {
    if (feature.properties.feature_type !== 'current_vessel' || feature.geometry.type !== 'Point') return [];
    const [x, y] = project(frame, feature.geometry.coordinates);
    const heading =
      typeof feature.properties.vessel_location_heading === 'number'
        ? feature.properties.vessel_location_heading
        : 0;
    return [
      html`<g class="vessel" transform="translate(${round(x)} ${round(y)}) rotate(${round(heading)})"><path d="M0 -10L6 8L0 4L-6 8Z"/></g>`,
    ];
  });
  const titleId = `${options.id}-title`;
  const descId = `${options.id}-desc`;
  return html`<svg class="route-map" id="${options.id}" role="img" aria-labelledby="${titleId} ${descId}" viewBox="0 0 ${frame.width} ${frame.height}" preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg"><title id="${titleId}">${options.title}</title><desc id="${descId}">${routeDescription(collection)}</desc><rect class="sea" width="${frame.width}" height="${frame.height}"/><path class="land" d="${raw(landPath(frame))}"/>${lines}${ports}${vessels}</svg>`;
}
