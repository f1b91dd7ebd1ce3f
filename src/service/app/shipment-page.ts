import { html } from 'hono/html';
import { type Html, listOf, page, textOf, when } from './page-layout.ts';
import type { RouteFeatureCollection } from './route-geojson.ts';
import { routeMapSvg } from './route-map-svg.ts';
import { searchForm } from './shipments-page.ts';

export interface ContainerView {
  readonly id: string;
  readonly attributes: Record<string, unknown>;
}

export interface EventRow {
  readonly at: number;
  readonly event: string;
  readonly location: string;
  readonly vessel: string | null;
}

export interface ShipmentPageData {
  readonly shipmentId: string;
  readonly shipment: Record<string, unknown>;
  readonly containers: readonly ContainerView[];
  readonly selected: ContainerView;
  readonly events: readonly EventRow[];
  readonly route: RouteFeatureCollection;
}

const records = (value: unknown): Array<Record<string, unknown>> =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];

const eventName = (event: string): string => event.replace('container.transport.', '').replaceAll('_', ' ');

function availability(a: Record<string, unknown>): string {
  if (a.available_for_pickup === true) return 'Available for pickup';
  if (a.available_for_pickup === false) return 'Not available yet';
  return 'Not known yet';
}

function containerFacts(container: ContainerView): Html {
  const a = container.attributes;
  const holds = records(a.holds_at_pod_terminal);
  const fees = records(a.fees_at_pod_terminal);
  return html`<dl class="facts" id="container-facts">
<dt>Status</dt><dd>${textOf(a.current_status).replaceAll('_', ' ')}</dd>
<dt>Availability</dt><dd>${availability(a)}</dd>
<dt>Last free day</dt><dd>${when(a.pickup_lfd)}</dd>
<dt>Holds</dt><dd>${holds.length === 0 ? 'None' : holds.map((hold) => html`${textOf(hold.name)} (${textOf(hold.status)}) `)}</dd>
<dt>Fees</dt><dd>${fees.length === 0 ? 'None' : fees.map((fee) => html`${textOf(fee.type)} ${textOf(fee.amount)} ${textOf(fee.currency_code)} `)}</dd>
<dt>Ref numbers</dt><dd>${listOf(a.ref_numbers)}</dd>
<dt>Equipment</dt><dd>${textOf(a.equipment_length)}′ ${textOf(a.equipment_type)}, ${textOf(a.equipment_height).replace('_', ' ')}</dd>
<dt>Seal</dt><dd>${textOf(a.seal_number)}</dd>
</dl>`;
}

/** A shipment: its facts, its containers (one selected), the selected one's events and state, the route map. */
export function shipmentPage(data: ShipmentPageData): Html {
  const s = data.shipment;
  const selectedNumber = textOf(data.selected.attributes.number);
  const containers = html`<div class="table-wrap"><table id="containers">
<caption>Containers (${data.containers.length}); the selected one is marked</caption>
<thead><tr><th scope="col">Number</th><th scope="col">Status</th><th scope="col">Last free day</th><th scope="col">Ref numbers</th></tr></thead>
<tbody>${data.containers.map((container) => {
    const a = container.attributes;
    const selected = container.id === data.selected.id;
    return html`<tr${selected ? html` class="selected"` : ''}>
<th scope="row"><a href="/shipments/${data.shipmentId}?container=${container.id}"${selected ? html` aria-current="true"` : ''}>${textOf(a.number)}</a>${selected ? html` <span class="muted">(selected)</span>` : ''}</th>
<td>${textOf(a.current_status).replaceAll('_', ' ')}</td>
<td>${when(a.pickup_lfd)}</td>
<td>${listOf(a.ref_numbers)}</td>
</tr>`;
  })}</tbody></table></div>`;
  const events =
    data.events.length === 0
      ? html`<p>No transport events yet.</p>`
      : html`<div class="table-wrap"><table id="events">
<caption>Transport events of ${selectedNumber}, oldest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Event</th><th scope="col">Location</th><th scope="col">Vessel</th></tr></thead>
<tbody>${data.events.map(
          (event) =>
            html`<tr><td>${when(event.at)}</td><td>${eventName(event.event)}</td><td>${event.location}</td><td>${event.vessel ?? '—'}</td></tr>`,
        )}</tbody></table></div>`;
  const bl = textOf(s.bill_of_lading_number);
  return page({
    title: `Shipment ${bl}`,
    signedIn: true,
    body: html`${searchForm('')}
<h1>Shipment ${bl}</h1>
<dl class="facts" id="shipment-facts">
<dt>Carrier</dt><dd>${textOf(s.shipping_line_name ?? s.shipping_line_scac)} (${textOf(s.shipping_line_scac)})</dd>
<dt>Port of lading</dt><dd>${textOf(s.port_of_lading_name)} <span class="muted">${textOf(s.port_of_lading_locode)}</span></dd>
<dt>Port of discharge</dt><dd>${textOf(s.port_of_discharge_name)} <span class="muted">${textOf(s.port_of_discharge_locode)}</span></dd>
<dt>Departure</dt><dd>${when(s.pol_atd_at ?? s.pol_etd_at)}${s.pol_atd_at === null ? ' (estimated)' : ''}</dd>
<dt>Arrival</dt><dd>${when(s.pod_ata_at ?? s.pod_eta_at)}${s.pod_ata_at === null ? ' (estimated)' : ''}</dd>
<dt>Vessel at POD</dt><dd>${textOf(s.pod_vessel_name)} ${textOf(s.pod_voyage_number)}</dd>
<dt>Ref numbers</dt><dd>${listOf(s.ref_numbers)}</dd>
</dl>
<h2>Containers</h2>
${containers}
<h2>Container ${selectedNumber}</h2>
${containerFacts(data.selected)}
<h3>Transport events</h3>
${events}
<h2>Route</h2>
${routeMapSvg(data.route, { title: `Route of shipment ${bl}`, id: 'route-map' })}
<p class="muted">Solid lines: sailed. Dashed lines: estimated. The arrow is the vessel while at sea.</p>`,
  });
}
