import { CARRIER_CATALOG, type CarrierCatalog } from '../../domain/carriers/carrier-catalog.ts';

/** The upstream's internal test carrier: its test numbers (TEST-TR-SUCCEEDED, TEST-TR-FAILED) need it. */
const TEST_CARRIER = { scac: 'TEST', name: 'T49 Test Carrier' } as const;

/**
 * Carriers the sandbox accepts on a tracking request, from the carrier catalog (the one list of SCACs):
 * a carrier's SCAC or one of its alternative SCACs (MEDU for MSC), plus the test carrier. An alternative
 * SCAC answers with the carrier's name.
 */
export function carrierNames(catalog: CarrierCatalog): (scac: string) => string | undefined {
  const names = new Map<string, string>([[TEST_CARRIER.scac, TEST_CARRIER.name]]);
  for (const carrier of catalog.carriers) {
    for (const code of carrier.alternativeScacs) if (!names.has(code)) names.set(code, carrier.name);
  }
  // Primary SCACs last: they win over another carrier's alternative of the same code.
  for (const carrier of catalog.carriers) names.set(carrier.scac, carrier.name);
  return (scac) => names.get(scac.trim().toUpperCase());
}

/** The carrier's name when the SCAC is one the sandbox knows (case-insensitive), else undefined. */
export const knownCarrierName = carrierNames(CARRIER_CATALOG);
