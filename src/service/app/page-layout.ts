import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { PAGE_STYLE } from './page-style.ts';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface PageOptions {
  readonly title: string;
  /** Signed in: the navigation and the sign-out button are shown. */
  readonly signedIn: boolean;
  readonly body: Html;
}

/** The document around every page: landmarks, a skip link, the navigation, the inline style sheet. */
export function page(options: PageOptions): Html {
  const nav = options.signedIn
    ? html`<nav aria-label="Main"><ul><li><a href="/shipments">Shipments</a></li><li><a href="/documents">Documents</a></li></ul></nav>
<form method="post" action="/sign-out"><button type="submit">Sign out</button></form>`
    : '';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${options.title} · stevedore</title>
<style>${raw(PAGE_STYLE)}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><a class="brand" href="/shipments">stevedore</a>${nav}</header>
<main id="main" tabindex="-1">
${options.body}
</main>
</body>
</html>`;
}

/** A time as the pages show it: UTC, to the minute, in a machine-readable element. */
export function when(value: unknown): Html | string {
  if (typeof value !== 'string' && typeof value !== 'number') return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const iso = date.toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

export const textOf = (value: unknown): string =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : '—';

export const listOf = (value: unknown): string =>
  Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : '—';

/** Previous and next links of a paginated list; `href` builds the link of a page number. */
export function pager(
  pageNumber: number,
  pageSize: number,
  total: number,
  href: (page: number) => string,
): Html {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return html`<nav class="pager" aria-label="Pages">${
    pageNumber > 1 ? html`<a href="${href(pageNumber - 1)}" rel="prev">Previous page</a>` : ''
  }<span>Page ${pageNumber} of ${last}</span>${
    pageNumber < last ? html`<a href="${href(pageNumber + 1)}" rel="next">Next page</a>` : ''
  }</nav>`;
}
