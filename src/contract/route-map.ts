import { z } from 'zod';

// `GET /containers/{id}/map_geojson` (reference §5.1): one FeatureCollection, [lon, lat] WGS84.

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const time = z.string().nullable();

const point = z.object({ type: z.literal('Point'), coordinates: position });
const lineString = z.object({ type: z.literal('LineString'), coordinates: z.array(position).min(2) });

export const portFeatureProperties = z.object({
  feature_type: z.literal('port'),
  ports_sequence: z.number().int().min(1),
  ports_total: z.number().int().min(2),
  location_id: z.string(),
  location_type: z.literal('Port'),
  name: z.string(),
  state_abbr: z.string().nullable(),
  state: z.string().nullable(),
  country_code: z.string(),
  country: z.string(),
  time_zone: z.string(),
  label: z.string(),
  inbound_eta_at: time,
  inbound_ata_at: time,
  outbound_etd_at: time,
  outbound_atd_at: time,
  updated_at: time,
});

export const currentVesselFeatureProperties = z.object({
  feature_type: z.literal('current_vessel'),
  ports_sequence: z.number().int().min(1),
  vessel_id: z.string(),
  vessel_name: z.string(),
  vessel_imo: z.string(),
  voyage_number: z.string().nullable(),
  vessel_location_timestamp: z.string(),
  vessel_location_heading: z.number().min(0).max(360).nullable(),
  vessel_location_speed: z.number().min(0).nullable(),
  departure_port_id: z.string(),
  departure_port_name: z.string(),
  departure_port_state_abbr: z.string().nullable(),
  departure_port_state: z.string().nullable(),
  departure_port_country_code: z.string(),
  departure_port_country: z.string(),
  departure_port_label: z.string(),
  departure_port_atd: time,
  departure_port_time_zone: z.string(),
  arrival_port_id: z.string().nullable(),
  arrival_port_name: z.string().nullable(),
  arrival_port_state_abbr: z.string().nullable(),
  arrival_port_state: z.string().nullable(),
  arrival_port_country_code: z.string().nullable(),
  arrival_port_country: z.string().nullable(),
  arrival_port_label: z.string().nullable(),
  arrival_port_eta: time,
  arrival_port_time_zone: z.string().nullable(),
});

export const pastVesselLocationsFeatureProperties = z.object({
  feature_type: z.literal('past_vessel_locations'),
  ports_sequence: z.number().int().min(1),
  vessel_id: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  point_count: z.number().int().min(2),
  outbound_atd_at: time,
  inbound_ata_at: time,
  inbound_eta_at: time,
});

export const estimatedFullLegFeatureProperties = z.object({
  feature_type: z.literal('estimated_full_legs'),
  ports_sequence: z.number().int().min(1),
  previous_port_id: z.string(),
  next_port_id: z.string(),
  point_count: z.number().int().min(2),
});

export const estimatedPartialLegFeatureProperties = z.object({
  feature_type: z.literal('estimated_partial_leg'),
  ports_sequence: z.number().int().min(1),
  current_port_id: z.string(),
  next_port_id: z.string(),
  point_count: z.number().int().min(2),
});

export const routeMapFeature = z.union([
  z.object({ type: z.literal('Feature'), geometry: point, properties: portFeatureProperties }),
  z.object({ type: z.literal('Feature'), geometry: point, properties: currentVesselFeatureProperties }),
  z.object({
    type: z.literal('Feature'),
    geometry: lineString,
    properties: pastVesselLocationsFeatureProperties,
  }),
  z.object({
    type: z.literal('Feature'),
    geometry: lineString,
    properties: estimatedFullLegFeatureProperties,
  }),
  z.object({
    type: z.literal('Feature'),
    geometry: lineString,
    properties: estimatedPartialLegFeatureProperties,
  }),
]);
export type RouteMapFeature = z.infer<typeof routeMapFeature>;

export const routeMapGeoJson = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(routeMapFeature),
});
export type RouteMapGeoJson = z.infer<typeof routeMapGeoJson>;
