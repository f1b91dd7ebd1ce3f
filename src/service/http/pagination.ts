import type { Context } from 'hono';
import { InvalidParameterError } from '../../domain/errors.ts';

export const DEFAULT_PAGE_SIZE = 30;
/** Larger pages are truncated silently, as the upstream does. */
export const MAX_PAGE_SIZE = 100;
/**
 * Far past any real list; it keeps (number - 1) × MAX_PAGE_SIZE an exact integer in JavaScript and in
 * SQLite's int64, so a page number like 1e308 is a 400 rather than an overflow.
 */
export const MAX_PAGE_NUMBER = 1_000_000_000;

export interface Page {
  readonly number: number;
  readonly size: number;
  readonly offset: number;
}

const DIGITS = /^[0-9]+$/;

/** A positive integer in plain digits: no sign, exponent, fraction or hex, which Number() would accept. */
const readPositive = (raw: string | undefined, name: string, fallback: number, max: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 1)) throw new InvalidParameterError(name, `${name} must be a positive integer`);
  return Math.min(value, max);
};

/** `defaultSize`: the route's page size when `page[size]` is not given (the upstream's parties use 25). */
export const readPage = (c: Context, defaultSize: number = DEFAULT_PAGE_SIZE): Page => {
  const number = readPositive(c.req.query('page[number]'), 'page[number]', 1, Number.POSITIVE_INFINITY);
  if (number > MAX_PAGE_NUMBER) {
    throw new InvalidParameterError('page[number]', `page[number] must be at most ${MAX_PAGE_NUMBER}`);
  }
  const size = readPositive(c.req.query('page[size]'), 'page[size]', defaultSize, MAX_PAGE_SIZE);
  return { number, size, offset: (number - 1) * size };
};

/** Query parameters a page link sets; a cursor parameter of the request is dropped from every link. */
export type PageParams = Readonly<Record<string, string>>;

const CURSOR_PARAMETERS = ['page[after]', 'page[before]'];

/**
 * `self`, `current`, `first`, `last`, `next` and `prev`, always all of them: a page that does not exist is
 * `null` (`last` too, when the total is not known exactly). Links keep the request's other parameters.
 */
export const pageLinks = (
  c: Context,
  size: number,
  pages: { self: PageParams; last: PageParams | null; next: PageParams | null; prev: PageParams | null },
) => {
  const request = new URL(c.req.url);
  const at = (params: PageParams): string => {
    const link = new URL(request);
    for (const name of CURSOR_PARAMETERS) link.searchParams.delete(name);
    for (const [name, value] of Object.entries(params)) link.searchParams.set(name, value);
    link.searchParams.set('page[size]', String(size));
    return link.toString();
  };
  const self = at(pages.self);
  return {
    self,
    current: self,
    first: at({ 'page[number]': '1' }),
    last: pages.last === null ? null : at(pages.last),
    next: pages.next === null ? null : at(pages.next),
    prev: pages.prev === null ? null : at(pages.prev),
  };
};

/** `links` and `meta` of a list paged by number with an exact total. */
export const listEnvelope = (c: Context, page: Page, total: number) => {
  const last = Math.max(1, Math.ceil(total / page.size));
  const number = (n: number): PageParams => ({ 'page[number]': String(n) });
  return {
    links: pageLinks(c, page.size, {
      self: number(page.number),
      last: number(last),
      next: page.number < last ? number(page.number + 1) : null,
      prev: page.number > 1 ? number(Math.min(page.number - 1, last)) : null,
    }),
    meta: { size: page.size, total },
  };
};

/**
 * `meta` of a tracking list as the live upstream sends it: the spec's `size` and `total`, plus
 * `pagination` with the current page, the next one when there is one, the last one and the record count.
 */
export const paginationMeta = (page: Page, total: number) => {
  const last = Math.max(1, Math.ceil(total / page.size));
  return {
    size: page.size,
    total,
    pagination: {
      current: page.number,
      ...(page.number < last ? { next: page.number + 1 } : {}),
      ...(page.number > 1 ? { prev: Math.min(page.number - 1, last) } : {}),
      last,
      records: total,
    },
  };
};
