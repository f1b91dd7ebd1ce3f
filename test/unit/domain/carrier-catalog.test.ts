import { describe, expect, it } from 'vitest';
import { buildCarrierCatalog, CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import catalogJson from '../../../src/domain/carriers/data/carriers.json' with { type: 'json' };

describe('the carriers data file', () => {
  it('has one record per SCAC', () => {
    const scacs = CARRIER_CATALOG.carriers.map((carrier) => carrier.scac);
    expect(new Set(scacs).size).toBe(scacs.length);
  });

  it('gives no owner code to both a line and a lessor, except the one group prefix it flags (CBHU)', () => {
    const clashes = CARRIER_CATALOG.carriers
      .flatMap((carrier) => [...carrier.containerPrefixes, ...carrier.groupContainerPrefixes])
      .filter((prefix) => CARRIER_CATALOG.lessorOf(prefix) !== undefined);
    expect(clashes).toEqual(['CBHU']);
  });

  it('anchors every shape so that a shape never matches inside a longer number', () => {
    for (const carrier of CARRIER_CATALOG.carriers) {
      for (const format of [...carrier.blFormats, ...carrier.bookingFormats]) {
        expect(format.source, carrier.scac).toMatch(/^\^/);
        expect(format.source, carrier.scac).toMatch(/\$$/);
      }
    }
  });

  it('refuses a record that breaks the schema', () => {
    const broken = structuredClone(catalogJson);
    const first = broken.carriers[0];
    if (first === undefined) throw new Error('empty data file');
    first.scac = 'msc';
    expect(() => buildCarrierCatalog(broken)).toThrow();
  });

  it('finds a line by an alternative SCAC or BL prefix for bills of lading', () => {
    expect(CARRIER_CATALOG.blPrefixOwners('MEDU').map((c) => c.scac)).toEqual(['MSCU']);
    expect(CARRIER_CATALOG.blPrefixOwners('CCMJ').map((c) => c.scac)).toEqual(['COSU']);
    expect(CARRIER_CATALOG.blPrefixOwners('EISU').map((c) => c.scac)).toEqual(['EGLV']);
  });
});
