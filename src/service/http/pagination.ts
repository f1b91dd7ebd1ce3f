import type { Context } from 'hono';

/**
 * Pagination as the upstream answers it. Its list `meta.pagination` (`current`, `first`, `prev`, `next`,
 * `last`, `records`) and its default size of 30 are those of the Rails gem jsonapi.rb, so the rules here
 * are that gem's: `page[size]` and `page[number]` are read as Ruby's `to_f.to_i` (the leading number, else
 * 0), a size below 1 is the default, a number below 1 is page 1; `self` is the URL as requested and the
 * other links carry the request's parameters with `page[number]` set, each only when the page exists (a
 * live list: `?page[number]=2&page[size]=2`, parameters in alphabetical order, brackets as written).
 */
export const DEFAULT_PAGE_SIZE = 30;
/** Larger pages are truncated silently, as the upstream does. */
export const MAX_PAGE_SIZE = 100;
/**
 * Far past any real list; it keeps (number - 1) × MAX_PAGE_SIZE an exact integer in JavaScript and in
 * SQLite's int64. A larger number is this one: a page past the end either way, so an empty page.
 */
export const MAX_PAGE_NUMBER = 1_000_000_000;

export interface Page {
  readonly number: number;
  readonly size: number;
  readonly offset: number;
}

/** The number a string starts with (after blanks, with a sign, fraction or exponent), as Ruby's to_f reads it. */
const LEADING_NUMBER = /^\s*([+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?)/;

/** Ruby's `to_f.to_i`: the leading number cut to its whole part, 0 when there is none. */
const wholeNumber = (raw: string | undefined): number => {
  const match = raw === undefined ? null : LEADING_NUMBER.exec(raw);
  const value = match?.[1] === undefined ? 0 : Math.trunc(Number(match[1]));
  return Number.isFinite(value) ? value : value > 0 ? Number.MAX_SAFE_INTEGER : 0;
};

/** `defaultSize`: the route's page size when `page[size]` is not given (the upstream's parties use 25). */
export const readPage = (c: Context, defaultSize: number = DEFAULT_PAGE_SIZE): Page => {
  const number = Math.min(Math.max(1, wholeNumber(c.req.query('page[number]'))), MAX_PAGE_NUMBER);
  const asked = wholeNumber(c.req.query('page[size]'));
  const size = asked < 1 ? defaultSize : Math.min(asked, MAX_PAGE_SIZE);
  return { number, size, offset: (number - 1) * size };
};

/** Query parameters a page link sets; a cursor parameter of the request is dropped from every link. */
export type PageParams = Readonly<Record<string, string>>;

const CURSOR_PARAMETERS = ['page[after]', 'page[before]'];

/**
 * Characters the upstream's links carry as they are (it unescapes the whole query; these are the ones that
 * stay unambiguous in a query string): brackets, commas and colons, as in `page[number]=2`,
 * `include=shipment,pod_terminal`, `filter[created_at][start]=2026-01-01T00:00:00Z`.
 */
const KEPT_AS_WRITTEN = /%(5B|5D|2C|3A)/gi;

/** `name=value` pairs sorted as Rails' `to_query` sorts them (its links list parameters alphabetically). */
const linkQuery = (query: URLSearchParams): string =>
  [...query]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .map((pair) => pair.replace(KEPT_AS_WRITTEN, (escaped) => decodeURIComponent(escaped)))
    .join('&');

/**
 * `self` (the URL as requested) and `current`, then `first`, `prev`, `next` and `last` for the pages that
 * exist (null leaves the link out, as upstream). Links keep the request's other parameters.
 */
export const pageLinks = (
  c: Context,
  pages: {
    current: PageParams;
    first: PageParams | null;
    prev: PageParams | null;
    next: PageParams | null;
    last: PageParams | null;
  },
): Record<string, string> => {
  const request = new URL(c.req.url);
  const at = (params: PageParams): string => {
    const query = new URLSearchParams(request.search);
    for (const name of CURSOR_PARAMETERS) query.delete(name);
    for (const [name, value] of Object.entries(params)) query.set(name, value);
    return `${request.origin}${request.pathname}?${linkQuery(query)}`;
  };
  const links: Record<string, string> = { self: request.toString(), current: at(pages.current) };
  for (const name of ['first', 'prev', 'next', 'last'] as const) {
    const params = pages[name];
    if (params !== null) links[name] = at(params);
  }
  return links;
};

/** The page numbers around `page`, each only when that page exists (jsonapi.rb's rule). */
const pageNumbers = (page: Page, total: number) => {
  const last = Math.max(1, Math.ceil(total / page.size));
  return {
    current: page.number,
    ...(page.number > 1 ? { first: 1, prev: page.number - 1 } : {}),
    ...(page.number < last ? { next: page.number + 1, last } : {}),
  };
};

/**
 * The records on this page: the live upstream's `meta.size` (its captured empty notification list, asked
 * for pages of 2, says `size: 0`), not the page size asked for.
 */
const recordsOnPage = (page: Page, total: number): number =>
  Math.max(0, Math.min(page.size, total - page.offset));

/** `links` and `meta` of a list paged by number with an exact total. */
export const listEnvelope = (c: Context, page: Page, total: number) => {
  const numbers = pageNumbers(page, total);
  const at = (n: number | undefined): PageParams | null =>
    n === undefined ? null : { 'page[number]': String(n) };
  return {
    links: pageLinks(c, {
      current: { 'page[number]': String(numbers.current) },
      first: at(numbers.first),
      prev: at(numbers.prev),
      next: at(numbers.next),
      last: at(numbers.last),
    }),
    meta: { size: recordsOnPage(page, total), total },
  };
};

/**
 * `meta` of a tracking list as the live upstream sends it: the spec's `size` (the records on this page)
 * and `total`, plus `pagination` with the page numbers that exist around this one and the record count.
 * `onPage`: the records this page holds, when the page's offset does not tell it (a cursor page).
 */
export const paginationMeta = (page: Page, total: number, onPage: number = recordsOnPage(page, total)) => ({
  size: onPage,
  total,
  pagination: { ...pageNumbers(page, total), records: total },
});
