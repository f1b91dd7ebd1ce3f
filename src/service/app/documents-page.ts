import { html } from 'hono/html';
import type { DocumentRecord, RepresentationRecord } from '../documents/document-records.ts';
import { type Html, page, pager, textOf, when } from './page-layout.ts';

/** The account's documents, newest first. */
export function documentsPage(options: {
  records: readonly DocumentRecord[];
  page: number;
  pageSize: number;
  total: number;
}): Html {
  const body =
    options.records.length === 0
      ? html`<p>No documents yet. Drop files in the inbox or mail them to the docs alias.</p>`
      : html`<div class="table-wrap"><table id="documents">
<caption>Documents, newest first (${options.total} in all)</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
<tbody>${options.records.map(
          (d) =>
            html`<tr><th scope="row"><a href="/documents/${d.id}">${d.name}</a></th><td>${textOf(d.documentTypeManual ?? d.documentType)}</td><td>${d.extractionStatus}</td><td>${when(d.createdAt)}</td></tr>`,
        )}</tbody></table></div>
${pager(options.page, options.pageSize, options.total, (n) => `/documents?page=${n}`)}`;
  return page({ title: 'Documents', signedIn: true, body: html`<h1>Documents</h1>${body}` });
}

/** Scalars as text; nested objects and lists as indented JSON, which is readable enough for a check. */
const fieldValue = (value: unknown): Html | string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? html`<pre>${JSON.stringify(value, null, 2)}</pre>`
      : String(value);

/** A document and the fields its last extraction found. */
export function documentPage(
  document: DocumentRecord,
  representation: RepresentationRecord | undefined,
): Html {
  const fields =
    representation === undefined
      ? html`<p>No extracted fields yet (status: ${document.extractionStatus}).</p>`
      : html`<div class="table-wrap"><table id="fields">
<caption>Fields extracted as ${representation.documentType} (schema ${representation.schemaVersion})</caption>
<thead><tr><th scope="col">Field</th><th scope="col">Value</th></tr></thead>
<tbody>${Object.entries(representation.payload).map(
          ([name, value]) => html`<tr><th scope="row">${name}</th><td>${fieldValue(value)}</td></tr>`,
        )}</tbody></table></div>`;
  return page({
    title: `Document ${document.name}`,
    signedIn: true,
    body: html`<h1>Document ${document.name}</h1>
<dl class="facts">
<dt>Type</dt><dd>${textOf(document.documentTypeManual ?? document.documentType)}</dd>
<dt>Status</dt><dd>${document.extractionStatus}</dd>
<dt>File</dt><dd>${document.fileName}</dd>
<dt>Created</dt><dd>${when(document.createdAt)}</dd>
</dl>
<h2>Extracted fields</h2>
${fields}
<p><a href="/documents">All documents</a></p>`,
  });
}
