import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { shipmentStatusOf } from '../views.ts';

const s = z.string().nullable();
const port = z.object({ locode: s, name: s });

export const getShipmentDetails = defineTool({
  name: 'get_shipment_details',
  title: 'Get a shipment',
  description:
    'One shipment (bill of lading or booking) by id: derived status, shipping line, route ports with ETAs and ATAs, vessel at the port of discharge, reference numbers, its containers and the tracking state.',
  input: {
    id: z.uuid().describe('the shipment id (a UUID)'),
    include_containers: z.boolean().default(true).describe('also list its containers'),
  },
  output: {
    id: z.string(),
    bill_of_lading: s,
    status: z.enum([
      'pending',
      'awaiting_departure',
      'in_transit',
      'arrived_at_pod',
      'delivered_to_destination',
    ]),
    shipping_line: z.object({ scac: s, name: s, short_name: s }),
    reference_numbers: z.array(z.string()),
    tags: z.array(z.string()),
    customer_name: s,
    routing: z.object({
      port_of_lading: port.extend({ etd_at: s, atd_at: s }),
      port_of_discharge: port.extend({ eta_at: s, original_eta_at: s, ata_at: s }),
      destination: port.extend({ eta_at: s, ata_at: s }),
    }),
    vessel_at_pod: z.object({ name: s, imo: s, voyage_number: s }),
    containers: z
      .array(
        z.object({
          id: z.string(),
          container_number: s,
          status: s,
          pickup_lfd: s,
          available_for_pickup: z.boolean().nullable(),
        }),
      )
      .optional(),
    tracking: z.object({ last_attempted_at: s, last_succeeded_at: s, stopped_at: s, stopped_reason: s }),
  },
  async handler({ id, include_containers }, { client }) {
    const answer = await client.getShipment(id, include_containers ? ['containers'] : []);
    const a = answer.data.attributes;
    const n = (value: string | null | undefined) => value ?? null;
    const result = {
      id: answer.data.id,
      bill_of_lading: n(a.bill_of_lading_number),
      status: shipmentStatusOf(a),
      shipping_line: {
        scac: n(a.shipping_line_scac),
        name: n(a.shipping_line_name),
        short_name: n(a.shipping_line_short_name),
      },
      reference_numbers: a.ref_numbers ?? [],
      tags: a.tags ?? [],
      customer_name: n(a.customer_name),
      routing: {
        port_of_lading: {
          locode: n(a.port_of_lading_locode),
          name: n(a.port_of_lading_name),
          etd_at: n(a.pol_etd_at),
          atd_at: n(a.pol_atd_at),
        },
        port_of_discharge: {
          locode: n(a.port_of_discharge_locode),
          name: n(a.port_of_discharge_name),
          eta_at: n(a.pod_eta_at),
          original_eta_at: n(a.pod_original_eta_at),
          ata_at: n(a.pod_ata_at),
        },
        destination: {
          locode: n(a.destination_locode),
          name: n(a.destination_name),
          eta_at: n(a.destination_eta_at),
          ata_at: n(a.destination_ata_at),
        },
      },
      vessel_at_pod: {
        name: n(a.pod_vessel_name),
        imo: n(a.pod_vessel_imo),
        voyage_number: n(a.pod_voyage_number),
      },
      ...(include_containers
        ? {
            containers: (answer.included ?? [])
              .filter((r) => r.type === 'container')
              .map((c) => {
                const str = (name: string) =>
                  typeof c.attributes[name] === 'string' ? (c.attributes[name] as string) : null;
                const available = c.attributes.available_for_pickup;
                return {
                  id: c.id,
                  container_number: str('number'),
                  status: str('current_status'),
                  pickup_lfd: str('pickup_lfd'),
                  available_for_pickup: typeof available === 'boolean' ? available : null,
                };
              }),
          }
        : {}),
      tracking: {
        last_attempted_at: n(a.line_tracking_last_attempted_at),
        last_succeeded_at: n(a.line_tracking_last_succeeded_at),
        stopped_at: n(a.line_tracking_stopped_at),
        stopped_reason: n(a.line_tracking_stopped_reason),
      },
    };
    const where = result.routing.port_of_discharge.name ?? 'the port of discharge';
    return {
      result,
      summary: `Shipment ${result.bill_of_lading ?? result.id} (${result.shipping_line.scac ?? 'unknown line'}): ${result.status.replaceAll('_', ' ')}, bound for ${where}${result.containers ? `, ${result.containers.length} container(s)` : ''}.`,
    };
  },
});
