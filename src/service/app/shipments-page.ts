import { html } from 'hono/html';
import { type Html, listOf, page, pager, textOf, when } from './page-layout.ts';

export interface ShipmentRow {
  readonly id: string;
  readonly attributes: Record<string, unknown>;
  readonly containers: number;
}

/** The search form of the deep link, pre-filled with the query. */
export function searchForm(query: string): Html {
  return html`<form class="search" role="search" method="get" action="/shipments/find">
<label for="q">Find a container, B/L, booking or reference number</label>
<input id="q" name="q" type="search" value="${query}" autocomplete="off" spellcheck="false">
<button type="submit">Find</button>
</form>`;
}

/** The account's shipments, newest first, with the search box. */
export function shipmentsPage(options: {
  query: string;
  rows: readonly ShipmentRow[];
  page: number;
  pageSize: number;
  total: number;
}): Html {
  const { query, rows } = options;
  const notice =
    query === ''
      ? ''
      : html`<p class="notice" role="status">Nothing tracked matches “${query}”. All shipments are listed below.</p>`;
  const body =
    rows.length === 0
      ? html`<p>No shipments yet. Create a tracking request with <code>POST /v2/tracking_requests</code>.</p>`
      : html`<div class="table-wrap"><table id="shipments">
<caption>Shipments, newest first (${options.total} in all)</caption>
<thead><tr><th scope="col">B/L number</th><th scope="col">Carrier</th><th scope="col">POL → POD</th><th scope="col">ETA</th><th scope="col">Containers</th><th scope="col">Ref numbers</th></tr></thead>
<tbody>${rows.map(
          ({ id, attributes: a, containers }) => html`<tr>
<th scope="row"><a href="/shipments/${id}">${textOf(a.bill_of_lading_number)}</a></th>
<td>${textOf(a.shipping_line_name ?? a.shipping_line_scac)} <span class="muted">${textOf(a.shipping_line_scac)}</span></td>
<td>${textOf(a.port_of_lading_name)} → ${textOf(a.port_of_discharge_name)}</td>
<td>${when(a.pod_ata_at ?? a.pod_eta_at)}</td>
<td>${containers}</td>
<td>${listOf(a.ref_numbers)}</td>
</tr>`,
        )}</tbody></table></div>
${pager(options.page, options.pageSize, options.total, (n) => `/shipments?page=${n}${query === '' ? '' : `&q=${encodeURIComponent(query)}`}`)}`;
  return page({
    title: 'Shipments',
    signedIn: true,
    body: html`<h1>Shipments</h1>${searchForm(query)}${notice}${body}`,
  });
}
