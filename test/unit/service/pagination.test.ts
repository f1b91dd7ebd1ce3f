import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { listEnvelope, paginationMeta, readPage } from '../../../src/service/http/pagination.ts';

/** readPage and the links of a list, answered by a one-route app in process. */
const app = new Hono().get('/v2/things', (c) => {
  const page = readPage(c);
  return c.json({ page, ...listEnvelope(c, page, 95), pagination: paginationMeta(page, 95).pagination });
});

async function list(query: string) {
  const response = await app.request(`http://api.test/v2/things${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    page: { number: number; size: number; offset: number };
    links: Record<string, string>;
    pagination: Record<string, number>;
  };
}

describe('readPage reads page[size] and page[number] as Ruby’s to_f.to_i (the upstream’s jsonapi.rb)', () => {
  it.each([
    ['', 30],
    ['0', 30],
    ['-5', 30],
    ['ten', 30],
    ['0x10', 30],
    ['2.9', 2],
    [' 7', 7],
    ['7abc', 7],
    ['1e1', 10],
    ['+4', 4],
    ['1000', 100],
    ['1e400', 100],
  ])('page[size]=%s is %i', async (raw, size) => {
    expect((await list(`?page[size]=${encodeURIComponent(raw)}`)).page.size).toBe(size);
  });

  it.each([
    ['0', 1],
    ['-3', 1],
    ['x', 1],
    ['Infinity', 1],
    ['3.99', 3],
    ['1e308', 1_000_000_000],
  ])('page[number]=%s is page %i', async (raw, number) => {
    expect((await list(`?page[number]=${encodeURIComponent(raw)}`)).page.number).toBe(number);
  });
});

describe('list links', () => {
  it('page 1 of 4: self as requested; current, next and last with the parameters kept, sorted', async () => {
    const body = await list('?filter%5Bstatus%5D=created&page[size]=25&include=shipment');
    const at = (n: number) =>
      `http://api.test/v2/things?filter[status]=created&include=shipment&page[number]=${n}&page[size]=25`;
    expect(body.links).toEqual({
      self: 'http://api.test/v2/things?filter%5Bstatus%5D=created&page[size]=25&include=shipment',
      current: at(1),
      next: at(2),
      last: at(4),
    });
    expect(body.pagination).toEqual({ current: 1, next: 2, last: 4, records: 95 });
  });

  it('as the live upstream links a list: page[number] then page[size] (alphabetical), brackets as written', async () => {
    // The SDK CLI's captured parties list: self as sent, the other links with the parameters sorted.
    const body = await list('?page[size]=2');
    expect(body.links.self).toBe('http://api.test/v2/things?page[size]=2');
    expect(body.links.current).toBe('http://api.test/v2/things?page[number]=1&page[size]=2');
    expect(body.links.next).toBe('http://api.test/v2/things?page[number]=2&page[size]=2');
  });

  it('the last page has first and prev only; commas and colons as written, spaces and & still encoded', async () => {
    const body = await list(
      '?page[size]=25&page[number]=4&q=a%20b%26c&include=shipment,pod_terminal&filter[at]=2026-01-01T00:00:00Z',
    );
    expect(Object.keys(body.links)).toEqual(['self', 'current', 'first', 'prev']);
    expect(body.links.prev).toBe(
      'http://api.test/v2/things?filter[at]=2026-01-01T00:00:00Z&include=shipment,pod_terminal&page[number]=3&page[size]=25&q=a%20b%26c',
    );
    expect(body.pagination).toEqual({ current: 4, first: 1, prev: 3, records: 95 });
  });
});
