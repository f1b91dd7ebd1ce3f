import { expect, test } from 'vitest';
import { buildCarrierCatalog, CARRIER_CATALOG } from '../../../../src/domain/carriers/carrier-catalog.ts';
import { carrierNames, knownCarrierName } from '../../../../src/service/tracking/known-carriers.ts';

test('every carrier of the catalog is known by its SCAC, in any case, with the catalog name', () => {
  for (const carrier of CARRIER_CATALOG.carriers) {
    expect(knownCarrierName(carrier.scac)).toBe(carrier.name);
    expect(knownCarrierName(carrier.scac.toLowerCase())).toBe(carrier.name);
  }
});

test('an alternative SCAC names its carrier; the test carrier is known; anything else is not', () => {
  const msc = CARRIER_CATALOG.bySCAC('MSCU');
  expect(msc?.alternativeScacs).toContain('MEDU');
  expect(knownCarrierName('medu')).toBe(msc?.name);
  expect(knownCarrierName('TEST')).toBe('T49 Test Carrier');
  expect(knownCarrierName('ZZZZ')).toBeUndefined();
});

test("a carrier's own SCAC wins over another carrier's alternative of the same code", () => {
  const record = (scac: string, name: string, alternatives: string[]) => ({
    scac,
    name,
    short_name: name,
    alternative_scacs: alternatives,
    bol_prefix: null,
    tracked_upstream: true,
    tracking_support: { bill_of_lading: true, booking_number: true, container_number: true },
    container_prefixes: [],
    group_container_prefixes: [],
    bl_prefixes: [],
    bl_formats: [],
    booking_formats: [],
  });
  const names = carrierNames(
    buildCarrierCatalog({
      about: 'test',
      carriers: [record('AAAA', 'First', ['BBBB']), record('BBBB', 'Second', [])],
      lessors: [],
    }),
  );
  expect(names('BBBB')).toBe('Second');
});
