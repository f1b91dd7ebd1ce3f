import { beforeEach, describe, expect, test } from 'vitest';
import { ManualClock } from '../../../../src/domain/clock.ts';
import { portCatalog } from '../../../../src/domain/ports/port-catalog.ts';
import {
  type FindLookup,
  MAX_FIND_QUERY_LENGTH,
  resolveFind,
} from '../../../../src/domain/tracking/find-resolution.ts';
import { greatCircleRouter } from '../../../../src/domain/tracking/sea-router.ts';
import { AppQueries } from '../../../../src/service/app/app-queries.ts';
import { JourneyBook } from '../../../../src/service/tracking/journey-book.ts';
import { type RequestType, TrackingStore } from '../../../../src/service/tracking/tracking-store.ts';
import {
  TRACKING_MIGRATION_NAMESPACE,
  TRACKING_MIGRATIONS,
} from '../../../../src/service/tracking/tracking-tables.ts';
import { migrate, openDatabase } from '../../../../src/store/database.ts';

const nothing: FindLookup = {
  containerByNumber: () => undefined,
  shipmentByNumberOrRef: () => undefined,
  containerByRef: () => undefined,
  containerContaining: () => undefined,
  shipmentContaining: () => undefined,
};

describe('resolveFind: the order of the five steps', () => {
  const hit = { containerId: 'c1', shipmentId: 's1' };
  test('an exact container number wins over every other match, container selected', () => {
    const lookup: FindLookup = {
      containerByNumber: () => hit,
      shipmentByNumberOrRef: () => 's2',
      containerByRef: () => ({ containerId: 'c3', shipmentId: 's3' }),
      containerContaining: () => ({ containerId: 'c4', shipmentId: 's4' }),
      shipmentContaining: () => 's5',
    };
    expect(resolveFind('x', lookup)).toEqual({
      kind: 'shipment',
      containerId: 'c1',
      shipmentId: 's1',
      step: 1,
    });
  });
  test('then an exact shipment or ref number, then a partial container, then a partial shipment', () => {
    expect(
      resolveFind('x', { ...nothing, shipmentByNumberOrRef: () => 's2', containerContaining: () => hit }),
    ).toEqual({ kind: 'shipment', shipmentId: 's2', step: 2 });
    expect(
      resolveFind('x', { ...nothing, containerByRef: () => hit, containerContaining: () => hit }).step,
    ).toBe(2);
    expect(
      resolveFind('x', { ...nothing, containerContaining: () => hit, shipmentContaining: () => 's5' }),
    ).toEqual({
      kind: 'shipment',
      ...hit,
      step: 3,
    });
    expect(resolveFind('x', { ...nothing, shipmentContaining: () => 's5' })).toEqual({
      kind: 'shipment',
      shipmentId: 's5',
      step: 4,
    });
  });
  test('no match, a blank query or an overlong one: the list with the query', () => {
    expect(resolveFind('  abc ', nothing)).toEqual({ kind: 'list', query: 'abc', step: 5 });
    expect(resolveFind('', { ...nothing, shipmentContaining: () => 's' })).toEqual({
      kind: 'list',
      query: '',
      step: 5,
    });
    const long = 'A'.repeat(MAX_FIND_QUERY_LENGTH + 1);
    expect(resolveFind(long, { ...nothing, shipmentContaining: () => 's' }).kind).toBe('list');
  });
  test('container lookups get the number upper case without spaces and dashes; the others upper case', () => {
    const seen: string[] = [];
    const spy: FindLookup = {
      containerByNumber: (q) => void seen.push(`number:${q}`),
      shipmentByNumberOrRef: (q) => void seen.push(`exact:${q}`),
      containerByRef: (q) => void seen.push(`ref:${q}`),
      containerContaining: (q) => void seen.push(`partial:${q}`),
      shipmentContaining: (q) => void seen.push(`shipment:${q}`),
    };
    resolveFind(' mscu 123-456 5 ', spy);
    expect(seen).toEqual([
      'number:MSCU1234565',
      'exact:MSCU 123-456 5',
      'ref:MSCU 123-456 5',
      'partial:MSCU1234565',
      'shipment:MSCU 123-456 5',
    ]);
  });
});

describe('resolveFind over the tracking tables', () => {
  let queries: AppQueries;
  let store: TrackingStore;
  let journeys: JourneyBook;
  const clock = new ManualClock(Date.UTC(2026, 0, 10));

  const track = (
    accountId: string,
    requestType: RequestType,
    requestNumber: string,
    containers: string[],
    refNumbers: string[] = [],
  ) => {
    const request = store.createRequest({
      accountId,
      requestType,
      requestNumber,
      scac: 'MAEU',
      refNumbers,
      shipmentTags: [],
    });
    clock.advance(1_000);
    const created = store.succeed(request, {
      anchorAt: clock.now(),
      containers: containers.map((number) => ({ number, nextDueAt: undefined })),
    });
    if (created === undefined) throw new Error('not created');
    return created;
  };

  let older: ReturnType<typeof track>;
  let newer: ReturnType<typeof track>;
  let other: ReturnType<typeof track>;
  beforeEach(() => {
    const db = openDatabase(':memory:');
    migrate(db, TRACKING_MIGRATION_NAMESPACE, TRACKING_MIGRATIONS);
    store = new TrackingStore(db, clock);
    journeys = new JourneyBook({ ports: portCatalog(), router: greatCircleRouter(1.35) });
    queries = new AppQueries({ db, store, journeys });
    older = track('acct-a', 'bill_of_lading', 'MAEU123456789', ['MSCU1234565', 'MSCU7654321'], ['PO-77']);
    newer = track('acct-a', 'booking_number', 'BK998877', ['TGHU1112223'], ['INV-5']);
    store.updateContainerRefs('acct-a', newer.containers[0]?.id ?? '', ['CREF-9']);
    other = track('acct-b', 'bill_of_lading', 'OTHER0001', ['ZZZU9999999'], ['PO-77']);
  });
  const find = (q: string, accountId = 'acct-a') => resolveFind(q, queries.findLookup(accountId));

  test('step 1: exact container number, any case, spaces and dashes ignored', () => {
    const expected = {
      kind: 'shipment',
      shipmentId: older.shipment.id,
      containerId: older.containers[1]?.id,
      step: 1,
    };
    expect(find('MSCU7654321')).toEqual(expected);
    expect(find('mscu 765432-1')).toEqual(expected);
    expect(find(' Mscu-7654-321 ')).toEqual(expected);
  });
  test('step 2: exact B/L, booking number or ref number (shipment or container), any case', () => {
    expect(find('maeu123456789')).toEqual({ kind: 'shipment', shipmentId: older.shipment.id, step: 2 });
    expect(find('bk998877')).toEqual({ kind: 'shipment', shipmentId: newer.shipment.id, step: 2 });
    expect(find('po-77')).toEqual({ kind: 'shipment', shipmentId: older.shipment.id, step: 2 });
    expect(find('cref-9')).toEqual({
      kind: 'shipment',
      shipmentId: newer.shipment.id,
      containerId: newer.containers[0]?.id,
      step: 2,
    });
  });
  test("step 2 matches the B/L the sandbox gave a container request's shipment (not stored)", () => {
    const byContainer = track('acct-a', 'container', 'TGHU5550001', ['TGHU5550001']);
    const bl = journeys.of(byContainer.shipment).billOfLadingNumber;
    expect(bl).not.toBe('TGHU5550001');
    expect(find(bl.toLowerCase())).toEqual({
      kind: 'shipment',
      shipmentId: byContainer.shipment.id,
      step: 2,
    });
  });
  test('step 3: the newest partial container match, container selected', () => {
    expect(find('1112')).toEqual({
      kind: 'shipment',
      shipmentId: newer.shipment.id,
      containerId: newer.containers[0]?.id,
      step: 3,
    });
    expect(find('mscu-123')).toMatchObject({ containerId: older.containers[0]?.id, step: 3 });
  });
  test('step 4: the newest partial shipment match', () => {
    expect(find('bk998')).toEqual({ kind: 'shipment', shipmentId: newer.shipment.id, step: 4 });
    expect(find('inv')).toEqual({ kind: 'shipment', shipmentId: newer.shipment.id, step: 4 });
  });
  test('step 5: nothing matches, and LIKE wildcards in the query are literal', () => {
    expect(find('nothing-here')).toEqual({ kind: 'list', query: 'nothing-here', step: 5 });
    expect(find('%')).toEqual({ kind: 'list', query: '%', step: 5 });
    expect(find('_')).toEqual({ kind: 'list', query: '_', step: 5 });
  });
  test("only the caller's account: another account's numbers and refs never match", () => {
    expect(find('ZZZU9999999').kind).toBe('list');
    expect(find('OTHER0001').kind).toBe('list');
    expect(find('PO-77', 'acct-b')).toEqual({ kind: 'shipment', shipmentId: other.shipment.id, step: 2 });
    expect(find('MSCU1234565', 'acct-b').kind).toBe('list');
  });
});
