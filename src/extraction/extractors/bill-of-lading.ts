import type { DocumentText } from '../document-text.ts';
import { findContainerNumbers } from '../fields/container-numbers.ts';
import { portLocode } from '../fields/port-locode.ts';
import {
  findBillOfLadingNumber,
  findConsignee,
  findFormNumber,
  findNotifyParty,
  findPortOfDischarge,
  findPortOfLoading,
  findScac,
  findSealNumbers,
  findShipper,
  findVesselAndVoyage,
} from '../fields/shipment-fields.ts';
import type { BillOfLadingPayload } from '../schemas/bill-of-lading.ts';

export function extractBillOfLading(text: DocumentText): BillOfLadingPayload {
  const billOfLadingNumber = findBillOfLadingNumber(text) ?? findFormNumber(text);
  const containers = findContainerNumbers(text, [billOfLadingNumber]);
  const { vessel, voyage } = findVesselAndVoyage(text);
  const portOfLoading = findPortOfLoading(text);
  const portOfDischarge = findPortOfDischarge(text);
  return {
    bill_of_lading_number: billOfLadingNumber,
    scac: findScac(text, billOfLadingNumber),
    container_numbers: containers.accepted,
    rejected_container_numbers: containers.rejected,
    seal_numbers: findSealNumbers(text, containers.accepted),
    vessel_name: vessel,
    voyage_number: voyage,
    port_of_loading: portOfLoading,
    port_of_loading_locode: portLocode(portOfLoading),
    port_of_discharge: portOfDischarge,
    port_of_discharge_locode: portLocode(portOfDischarge),
    shipper: findShipper(text),
    consignee: findConsignee(text),
    notify_party: findNotifyParty(text),
  };
}
