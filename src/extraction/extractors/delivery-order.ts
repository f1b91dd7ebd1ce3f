import type { DocumentText } from '../document-text.ts';
import { findContainerNumbers } from '../fields/container-numbers.ts';
import { DELIVERY_ORDER_NUMBER_LABELS } from '../fields/label-patterns.ts';
import { findLabeledValue } from '../fields/labeled-values.ts';
import { portLocode } from '../fields/port-locode.ts';
import {
  findBillOfLadingNumber,
  findConsignee,
  findPortOfDischarge,
  findVesselAndVoyage,
} from '../fields/shipment-fields.ts';
import { findShipmentTotals } from '../fields/shipment-totals.ts';
import { parseIdentifier } from '../fields/value-parsers.ts';
import type { DeliveryOrderPayload } from '../schemas/delivery-order.ts';

export function extractDeliveryOrder(text: DocumentText): DeliveryOrderPayload {
  const deliveryOrderNumber = findLabeledValue(text, DELIVERY_ORDER_NUMBER_LABELS, parseIdentifier);
  const billOfLadingNumber = findBillOfLadingNumber(text);
  const containers = findContainerNumbers(text, [billOfLadingNumber, deliveryOrderNumber]);
  const portOfDischarge = findPortOfDischarge(text, { barePort: true });
  return {
    delivery_order_number: deliveryOrderNumber,
    bill_of_lading_number: billOfLadingNumber,
    consignee: findConsignee(text),
    container_numbers: containers.accepted,
    rejected_container_numbers: containers.rejected,
    ...findVesselAndVoyage(text),
    port_of_discharge: portOfDischarge,
    port_of_discharge_locode: portLocode(portOfDischarge),
    ...findShipmentTotals(text),
  };
}
