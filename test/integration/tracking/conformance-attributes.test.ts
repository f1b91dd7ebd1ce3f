import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Resource, read } from './conformance-support.ts';
import {
  newestShipment,
  startTracking,
  type TrackingHarness,
  trackBillOfLading,
} from './tracking-harness.ts';

/**
 * Every attribute the upstream's OpenAPI component schemas (the SDK's generated types) name for each
 * tracking resource is sent, so a client typed on them finds each key (null where the sandbox has no value).
 */
const SCHEMA_ATTRIBUTES: Readonly<Record<string, string>> = {
  shipment: `bill_of_lading_number normalized_number ref_numbers created_at tags port_of_lading_locode
    port_of_lading_name port_of_discharge_locode port_of_discharge_name destination_locode destination_name
    shipping_line_scac shipping_line_name shipping_line_short_name customer_name pod_vessel_name pod_vessel_imo
    pod_voyage_number pol_etd_at pol_atd_at pod_eta_at pod_original_eta_at pod_ata_at destination_eta_at
    destination_ata_at pol_timezone pod_timezone destination_timezone line_tracking_last_attempted_at
    line_tracking_last_succeeded_at line_tracking_stopped_at line_tracking_stopped_reason`,
  container: `number ref_numbers equipment_type equipment_length equipment_height weight_in_lbs created_at
    seal_number pickup_lfd pickup_appointment_at availability_known available_for_pickup pod_arrived_at
    pod_discharged_at pod_full_out_at terminal_checked_at pod_full_out_chassis_number location_at_pod_terminal
    final_destination_full_out_at empty_terminated_at holds_at_pod_terminal fees_at_pod_terminal pod_timezone
    final_destination_timezone empty_terminated_timezone pod_rail_carrier_scac ind_rail_carrier_scac
    pod_last_tracking_request_at shipment_last_tracking_request_at pod_rail_loaded_at pod_rail_departed_at
    ind_eta_at ind_ata_at ind_rail_unloaded_at ind_facility_lfd_on import_deadlines current_status`,
  port: 'name code state_abbr city country_code time_zone latitude longitude',
  terminal: 'name nickname firms_code smdg_code bic_facility_code street city state state_abbr zip country',
  shipping_line: `scac name alternative_scacs short_name bill_of_lading_tracking_support
    booking_number_tracking_support container_number_tracking_support`,
  tracking_request: `request_number ref_numbers tags status failed_reason request_type scac created_at
    updated_at is_retrying retry_count`,
  vessel: `name imo mmsi latitude longitude nautical_speed_knots navigational_heading_degrees
    position_timestamp`,
  transport_event: 'event voyage_number timestamp timezone location_locode created_at data_source',
  metro_area: 'name code state_abbr country_code time_zone latitude longitude',
  raw_event: `event original_event timestamp estimated actual_on estimated_on actual_at estimated_at timezone
    created_at location_name location_locode vessel_name vessel_imo index voyage_number`,
  webhook: 'url active events secret headers',
  party: 'company_name',
};

let h: TrackingHarness;
const seen = new Map<string, Resource>();
const collect = (resources: readonly Resource[] | undefined) => {
  for (const resource of resources ?? []) if (!seen.has(resource.type)) seen.set(resource.type, resource);
};

beforeAll(async () => {
  h = await startTracking();
  await trackBillOfLading(h, { request_number: 'MAEU700000789' }, 30);
  const { id, containerIds } = await newestShipment(h);
  const shipment = await read(
    await h.api(`/v2/shipments/${id}?include=port_of_lading,port_of_discharge,pod_terminal,containers`),
  );
  collect([shipment.data]);
  collect(shipment.included);
  const events = await read(
    await h.api(`/v2/containers/${containerIds[0]}/transport_events?include=location,terminal,vessel`),
  );
  collect(events.data);
  collect(events.included);
  collect((await read(await h.api('/v2/tracking_requests'))).data);
  collect([(await read(await h.api('/v2/shipping_lines/MAEU'))).data]);
  collect([(await read(await h.api('/v2/metro_areas/USDET'))).data]);
  collect((await read(await h.api(`/v2/containers/${containerIds[0]}/raw_events`))).data);
  const webhook = await h.api('/v2/webhooks', {
    method: 'POST',
    json: {
      data: {
        type: 'webhook',
        attributes: { url: 'https://example.com/hook', active: true, events: ['container.created'] },
      },
    },
  });
  collect([(await read(webhook)).data]);
  const party = await h.api('/v2/parties', {
    method: 'POST',
    json: { data: { type: 'party', attributes: { company_name: 'Acme' } } },
  });
  collect([(await read(party)).data]);
});
afterAll(async () => {
  await h.close();
});

test.each(Object.entries(SCHEMA_ATTRIBUTES))('%s sends every attribute of its schema', (type, names) => {
  const resource = seen.get(type);
  expect(resource, `no ${type} seen`).toBeDefined();
  const missing = names.split(/\s+/).filter((name) => name !== '' && !(name in (resource?.attributes ?? {})));
  expect(missing).toEqual([]);
});
