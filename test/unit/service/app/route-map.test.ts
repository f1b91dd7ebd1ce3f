import { describe, expect, test } from 'vitest';
import { landRings } from '../../../../src/service/app/coastlines.ts';
import { frameFor, MAP_WIDTH, project, wrapFor } from '../../../../src/service/app/map-projection.ts';
import { type RouteFeatureCollection, readRouteGeoJson } from '../../../../src/service/app/route-geojson.ts';
import { routeDescription, routeMapSvg } from '../../../../src/service/app/route-map-svg.ts';

const rotterdam: [number, number] = [4.4, 51.9];
const singapore: [number, number] = [103.8, 1.3];
const shanghai: [number, number] = [121.5, 31.2];
const losAngeles: [number, number] = [-118.3, 33.7];

describe('frameFor and project: equirectangular, cropped to the route with padding', () => {
  test('every route position lands inside the drawing, away from its edges', () => {
    const frame = frameFor([rotterdam, singapore]);
    expect(frame.width).toBe(MAP_WIDTH);
    for (const point of [rotterdam, singapore]) {
      const [x, y] = project(frame, point);
      expect(x).toBeGreaterThan(0.05 * frame.width);
      expect(x).toBeLessThan(0.95 * frame.width);
      expect(y).toBeGreaterThan(0.05 * frame.height);
      expect(y).toBeLessThan(0.95 * frame.height);
    }
  });
  test('north is up and east is right; equal longitude steps are equal x steps', () => {
    const frame = frameFor([rotterdam, singapore]);
    const [xr, yr] = project(frame, rotterdam);
    const [xs, ys] = project(frame, singapore);
    expect(xs).toBeGreaterThan(xr);
    expect(yr).toBeLessThan(ys);
    const [x0] = project(frame, [10, 20]);
    const [x1] = project(frame, [20, 20]);
    const [x2] = project(frame, [30, 40]);
    expect(x2 - x1).toBeCloseTo(x1 - x0, 6);
  });
  test('the box of the frame holds the padded route and the aspect stays within bounds', () => {
    const frame = frameFor([rotterdam, singapore]);
    expect(frame.box.west).toBeLessThan(rotterdam[0]);
    expect(frame.box.east).toBeGreaterThan(singapore[0]);
    expect(frame.height / frame.width).toBeGreaterThanOrEqual(0.4);
    expect(frame.height / frame.width).toBeLessThanOrEqual(1.01);
  });
  test('a transpacific route is drawn across the antimeridian, not around the world', () => {
    expect(wrapFor([shanghai, losAngeles])).toBe(360);
    expect(wrapFor([rotterdam, singapore])).toBe(0);
    const frame = frameFor([shanghai, losAngeles]);
    const [xs] = project(frame, shanghai);
    const [xl] = project(frame, losAngeles);
    expect(xl).toBeGreaterThan(xs);
    expect(frame.box.east - frame.box.west).toBeLessThan(180);
  });
  test('a short hop still shows a region around it', () => {
    const frame = frameFor([rotterdam, [4.5, 51.95]]);
    expect(frame.box.east - frame.box.west).toBeGreaterThanOrEqual(12);
  });
});

const collection: RouteFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [shanghai, [150, 40]] },
      properties: { feature_type: 'past_vessel_locations' },
    },
    {
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [[150, 40], losAngeles] },
      properties: { feature_type: 'estimated_partial_leg' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [150, 40] },
      properties: { feature_type: 'current_vessel', vessel_name: 'EVER <ACE>', vessel_location_heading: 80 },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: shanghai },
      properties: { feature_type: 'port', label: 'POL', name: 'Shanghai' },
    },
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: losAngeles },
      properties: { feature_type: 'port', label: 'POD', name: 'Los Angeles' },
    },
  ],
};

describe('routeMapSvg', () => {
  test('an accessible image: role, title and description, labelled ports, solid and dashed legs, the vessel', async () => {
    const svg = String(await routeMapSvg(collection, { title: 'Route of MSCU1234565', id: 'map' }));
    expect(svg).toMatch(/^<svg[^>]* role="img" aria-labelledby="map-title map-desc"/);
    expect(svg).toContain('<title id="map-title">Route of MSCU1234565</title>');
    expect(svg).toContain('Route: POL Shanghai, then POD Los Angeles.');
    expect(svg).toContain('EVER &lt;ACE&gt;');
    expect(svg).toContain('class="route-past"');
    expect(svg).toContain('class="route-estimated"');
    expect(svg).toMatch(/<text[^>]*>POL<\/text>/);
    expect(svg).toMatch(/<text[^>]*>POD<\/text>/);
    expect(svg).toContain('class="vessel"');
    // Coastlines of the Pacific rim are drawn (Japan, California), from the shipped atlas.
    expect(svg).toMatch(/class="land" d="M[^"]{200,}"/);
  });
  test('an empty collection draws the world and says no route is known', () => {
    expect(routeDescription({ type: 'FeatureCollection', features: [] })).toBe('No route known yet.');
  });
  test('the atlas holds the land rings with their boxes', () => {
    const rings = landRings();
    expect(rings.length).toBeGreaterThan(100);
    expect(rings.every((ring) => ring.box.west <= ring.box.east)).toBe(true);
  });
});

describe('readRouteGeoJson: a map GeoJSON body for the renderer', () => {
  test('keeps ports, lines and properties; drops an altitude', () => {
    const read = readRouteGeoJson({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [4.4, 51.9, 0] },
          properties: { feature_type: 'port', label: 'POD', ports_sequence: 2 },
        },
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [1, 2],
              [3, 4],
            ],
          },
          properties: { feature_type: 'estimated_full_legs' },
        },
      ],
    });
    expect(read.features[0]?.geometry).toEqual({ type: 'Point', coordinates: [4.4, 51.9] });
    expect(read.features[0]?.properties).toMatchObject({ label: 'POD', ports_sequence: 2 });
    expect(read.features[1]?.geometry.type).toBe('LineString');
  });
  test('the empty collection of a container without data yet; anything else is refused', () => {
    expect(readRouteGeoJson({ type: 'FeatureCollection', features: [] }).features).toEqual([]);
    expect(() => readRouteGeoJson({ errors: [{ status: '403' }] })).toThrow(/not a route FeatureCollection/);
    expect(() =>
      readRouteGeoJson({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Polygon', coordinates: [] },
            properties: { feature_type: 'x' },
          },
        ],
      }),
    ).toThrow(/geometry/);
  });
  test("a collection of the renderer's shape reads back unchanged", () => {
    expect(readRouteGeoJson(collection)).toEqual(collection);
  });
});
