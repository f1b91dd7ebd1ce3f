import type { DocumentText } from '../document-text.ts';
import { findContainerNumbers } from '../fields/container-numbers.ts';
import { BOOKING_NUMBER_LABELS, ETD_LABELS } from '../fields/label-patterns.ts';
import { findLabeledValue } from '../fields/labeled-values.ts';
import { portLocode } from '../fields/port-locode.ts';
import { findProseBooking } from '../fields/prose-fields.ts';
import {
  findConsignee,
  findPortOfDischarge,
  findPortOfLoading,
  findShipper,
  findVesselAndVoyage,
} from '../fields/shipment-fields.ts';
import { findShipmentTotals } from '../fields/shipment-totals.ts';
import { parseIdentifier, parseParty } from '../fields/value-parsers.ts';
import { inferSlashDateOrder, parseDate } from '../parse/dates.ts';
import type { BookingConfirmationPayload } from '../schemas/booking-confirmation.ts';

const BOOKING_PARTY_LABELS = [/customer|booking\s+party|client|kunde|klant|cliente/];

export function extractBookingConfirmation(text: DocumentText): BookingConfirmationPayload {
  const slashOrder = inferSlashDateOrder(text.plain);
  const labeledNumber = findLabeledValue(text, BOOKING_NUMBER_LABELS, parseIdentifier);
  const labeledTrip = findVesselAndVoyage(text);
  const labeledLoading = findPortOfLoading(text);
  const labeledDischarge = findPortOfDischarge(text);
  const labeledEtd = findLabeledValue(text, ETD_LABELS, (raw) => parseDate(raw, slashOrder));
  // A confirmation written as a letter names what its form would label: read its sentences for the rest.
  const prose =
    labeledNumber === null || labeledTrip.vessel === null || labeledLoading === null || labeledEtd === null
      ? findProseBooking(text, slashOrder)
      : null;
  const bookingNumber = labeledNumber ?? prose?.booking_number ?? null;
  const containers = findContainerNumbers(text, [bookingNumber]);
  const portOfLoading = labeledLoading ?? prose?.port_of_loading ?? null;
  const portOfDischarge = labeledDischarge ?? prose?.port_of_discharge ?? null;
  const proseTrip = labeledTrip.vessel === null && prose?.vessel !== null ? prose : null;
  return {
    booking_number: bookingNumber,
    // A carrier's confirmation names its customer, who is the shipper, when no shipper is labelled.
    shipper: findShipper(text) ?? findLabeledValue(text, BOOKING_PARTY_LABELS, parseParty),
    consignee: findConsignee(text),
    container_numbers: containers.accepted,
    rejected_container_numbers: containers.rejected,
    vessel: proseTrip?.vessel ?? labeledTrip.vessel,
    voyage: labeledTrip.voyage ?? proseTrip?.voyage ?? null,
    port_of_loading: portOfLoading,
    port_of_loading_locode: portLocode(portOfLoading),
    port_of_discharge: portOfDischarge,
    port_of_discharge_locode: portLocode(portOfDischarge),
    etd: labeledEtd ?? prose?.etd ?? null,
    ...findShipmentTotals(text),
  };
}
