import type { DocumentText } from '../document-text.ts';
import { findContainerNumbers } from '../fields/container-numbers.ts';
import { NUM } from '../fields/label-patterns.ts';
import { findLabeledValue } from '../fields/labeled-values.ts';
import { findLetterheadOrganization } from '../fields/letterhead.ts';
import {
  findConsignee,
  findPortOfDischarge,
  findPortOfLoading,
  findShipper,
} from '../fields/shipment-fields.ts';
import { findShipmentTotals } from '../fields/shipment-totals.ts';
import { parseIdentifier } from '../fields/value-parsers.ts';
import type { PackingListPayload } from '../schemas/packing-list.ts';

const PACKING_LIST_NUMBER = [
  new RegExp(
    String.raw`(?:packing\s+list|p\s*\/\s*l|pl|liste\s+de\s+colisage|colisage|packliste[n]?|paklijst|lista\s+de\s+empaque|lista\s+de\s+embalagem|romaneio(?:\s+de\s+carga)?|lista|distinta(?:\s+colli)?)[\s-]*(?:${NUM}|ref(?:erence)?\.?)|packlistennummer|paklijstnummer|${NUM}\s*(?:de\s+|di\s+|do\s+)?(?:colisage|liste|lista|distinta|romaneio|packing\s+list)`,
  ),
  /(?:our\s+|shipment\s+|document\s+)?ref(?:erence)?\.?(?:\s*(?:no\.?|number|#))?|document\s+no\.?|r[ée]f[ée]rence|referenz|referentie|referencia|riferimento/,
];

export function extractPackingList(text: DocumentText): PackingListPayload {
  const packingListNumber = findLabeledValue(text, PACKING_LIST_NUMBER, parseIdentifier);
  const containers = findContainerNumbers(text, [packingListNumber]);
  const totals = findShipmentTotals(text);
  const consignee = findConsignee(text);
  return {
    packing_list_number: packingListNumber,
    // The shipper (the exporter) issues the packing list: without a shipper label, its letterhead.
    shipper: findShipper(text) ?? findLetterheadOrganization(text, [consignee]),
    consignee,
    package_count: totals.package_count,
    gross_weight_kg: totals.gross_weight_kg,
    container_numbers: containers.accepted,
    rejected_container_numbers: containers.rejected,
    port_of_loading: findPortOfLoading(text),
    port_of_discharge: findPortOfDischarge(text),
  };
}
