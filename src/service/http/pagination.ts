import type { Context } from 'hono';
import { badRequest } from './problem.ts';

export const DEFAULT_PAGE_SIZE = 30;
/** Larger pages are truncated silently, as the upstream does. */
export const MAX_PAGE_SIZE = 100;

export interface Page {
  readonly number: number;
  readonly size: number;
  readonly offset: number;
}

const positive = (raw: string | undefined, name: string, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw badRequest(`${name} must be a positive integer`, name);
  return value;
};

export const readPage = (c: Context): Page => {
  const number = positive(c.req.query('page[number]'), 'page[number]', 1);
  const size = Math.min(positive(c.req.query('page[size]'), 'page[size]', DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  return { number, size, offset: (number - 1) * size };
};

/** `links` and `meta` of a list response; every link keeps the request's other query parameters. */
export const listEnvelope = (c: Context, page: Page, total: number) => {
  const url = new URL(c.req.url);
  const last = Math.max(1, Math.ceil(total / page.size));
  const at = (number: number): string => {
    const link = new URL(url);
    link.searchParams.set('page[number]', String(number));
    link.searchParams.set('page[size]', String(page.size));
    return link.toString();
  };
  return {
    links: {
      self: at(page.number),
      current: at(page.number),
      first: at(1),
      last: at(last),
      ...(page.number < last ? { next: at(page.number + 1) } : {}),
      ...(page.number > 1 ? { prev: at(Math.min(page.number - 1, last)) } : {}),
    },
    meta: { size: page.size, total },
  };
};
