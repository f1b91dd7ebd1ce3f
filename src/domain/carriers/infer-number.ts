import { CONTAINER_NUMBER_PATTERN } from '../iso6346.ts';
import { hasBillShapeAfterPrefix, withoutRepeatedLineCode } from './bill-shape.ts';
import type { Carrier, CarrierCatalog } from './carrier-catalog.ts';
import { decide, EVIDENCE, roundConfidence } from './confidence.ts';
import {
  gluedContainer,
  inferContainer,
  inferGluedContainer,
  inferMistypedContainer,
  isMistypedContainer,
} from './infer-container.ts';
import {
  add,
  type InferredNumber,
  type NumberType,
  result,
  shipmentValidation,
  type UnreadableNumber,
} from './inferred-number.ts';
import { readMisreadCharacters } from './misread-characters.ts';
import { namedLines } from './named-lines.ts';
import { type LabelledKind, type ReferenceInput, readReferenceInput } from './reference-input.ts';
import { type TrackingLink, trackingLink } from './tracking-link.ts';

export type { CarrierCandidate, InferredNumber, NumberType, UnreadableNumber } from './inferred-number.ts';

/**
 * Lines that carry more of the world's boxes get more of a shared shape's weight. Rough shares of public
 * examples: the largest lines about twice a regional one.
 */
const SHAPE_PRIOR: Readonly<Record<string, number>> = {
  MSCU: 2,
  // Bare 9-digit bills are Maersk's own form, printed on every Maersk bill; Sealand and Safmarine bills
  // and Evergreen bookings use it far less often, so Maersk gets about nine tenths of it.
  MAEU: 30,
  // An office code + 7 digits printed bare is CMA CGM's bill: APL, ANL and KMTC print the same shape behind
  // their prefixes (`APLU…`, `ANLC…`, `KMTC…`), and every bare one among the real bills at hand (3 of 3)
  // and the held-out batches (13 of 13) is CMA CGM's. About nine tenths: 0.71, to confirm.
  CMDU: 24,
  COSU: 2,
  HLCU: 2,
  ONEY: 2,
  EGLV: 2,
};

/**
 * Whether a word is a line's SCAC or bill prefix in a catalog; one function per catalog, made once (a
 * closure made on every call would cost each number more than reading it).
 */
const lineCodeTests = new WeakMap<CarrierCatalog, (word: string) => boolean>();
function lineCodeTest(catalog: CarrierCatalog): (word: string) => boolean {
  let test = lineCodeTests.get(catalog);
  if (test === undefined) {
    test = (word) => catalog.blPrefixOwners(word.toUpperCase()).length > 0;
    lineCodeTests.set(catalog, test);
  }
  return test;
}

/** Number type, validation and a calibrated carrier prediction for a container, B/L or booking number. */
export function inferNumber(input: string, catalog: CarrierCatalog): InferredNumber | UnreadableNumber {
  const isLineCode = lineCodeTest(catalog);
  const link = trackingLink(input, catalog);
  const read = link === undefined ? readReferenceInput(input, isLineCode) : readLink(link, isLineCode);
  if (!read.readable) return { unreadable: true, reason: read.reason };
  const once = withoutRepeatedLineCode(read.number, catalog);
  const inferred = inferReadNumber(readMisreadCharacters(once, catalog) ?? once, catalog);
  const named = withNamedLine(inferred, namedLines(read.context, catalog));
  return read.labelled === undefined ? named : withLabelledKind(named, read.labelled);
}

/**
 * The one reference in a line's tracking link: the query values and path segments that read as one, the
 * line whose site it is named beside it. None or two different ones: no one reference.
 */
function readLink(link: TrackingLink, isLineCode: (word: string) => boolean): ReferenceInput {
  const found = new Map<string, ReferenceInput & { readable: true }>();
  for (const part of link.parts) {
    const read = readReferenceInput([...part.labels, part.text].join(' '), isLineCode);
    if (read.readable && !found.has(read.number)) found.set(read.number, read);
  }
  const [only, ...others] = found.values();
  if (only === undefined)
    return { readable: false, reason: "a line's tracking link with no reference in it" };
  if (others.length > 0) return { readable: false, reason: "a line's tracking link with several references" };
  return { ...only, context: [...only.context, link.line.scac] };
}

function inferReadNumber(number: string, catalog: CarrierCatalog): InferredNumber {
  if (CONTAINER_NUMBER_PATTERN.test(number)) return inferContainer(number, catalog);
  const glued = gluedContainer(number, catalog);
  if (glued !== undefined) return inferGluedContainer(glued.box, glued.lines, catalog);
  if (isMistypedContainer(number, catalog)) return inferMistypedContainer(number, catalog);
  // A forwarder's SCAC in front is its house bill: no line's number, whatever its shape.
  if (catalog.forwarderOf(number.slice(0, 4)) !== undefined && /[0-9]/.test(number.slice(4))) {
    return result(number, 'bill_of_lading', shipmentValidation(number, false), new Map());
  }
  const prefixOwners = catalog.blPrefixOwners(number.slice(0, 4));
  if (prefixOwners.length > 0 && /[0-9]/.test(number.slice(4))) {
    return inferPrefixedBill(number, prefixOwners);
  }
  return inferBareShipmentNumber(number, catalog);
}

/**
 * A line named beside a shipment number (`Maersk booking 123456789`) picks it out of the lines whose shape
 * the number has, or adds it where its shape is unknown; beside a leased box (`MSC TGHU1234565`) it is
 * the only lead. Never over a line's own prefix or a box's owner code, which say more than a name typed
 * next to them.
 */
function withNamedLine(inferred: InferredNumber, named: readonly Carrier[]): InferredNumber {
  const [line] = named;
  if (line === undefined || named.length > 1) return inferred;
  if (inferred.numberType === 'container') {
    // A leased box (or one of an owner we do not know) says nothing of its line: the name is the lead.
    const [owner] = inferred.candidates;
    if (owner === undefined) {
      const selected = { scac: line.scac, name: line.name, confidence: EVIDENCE.namedLineLeasedBox };
      return { ...inferred, decision: decide(selected.confidence), selected, candidates: [selected] };
    }
    if (inferred.candidates.some((candidate) => candidate.scac === line.scac)) return inferred;
    // Another line named beside a line's own box (`Maersk MSCU…`): a slot charter or a slip; the owner
    // stays first, but is asked to be confirmed, and the named line is offered.
    const confidence = Math.min(owner.confidence, EVIDENCE.namedLineAndShape);
    const first = { ...owner, confidence };
    const offered = { scac: line.scac, name: line.name, confidence: EVIDENCE.namedOtherLineBesideBox };
    return {
      ...inferred,
      decision: decide(confidence),
      selected: decide(confidence) === 'no_prediction' ? null : first,
      candidates: [first, ...inferred.candidates.slice(1), offered],
    };
  }
  const strongest = inferred.candidates[0];
  if (
    strongest !== undefined &&
    strongest.scac !== line.scac &&
    strongest.confidence >= EVIDENCE.blPrefixWrongFormat
  ) {
    return inferred;
  }
  const shapeFits = inferred.candidates.some((candidate) => candidate.scac === line.scac);
  const own = shapeFits ? EVIDENCE.namedLineAndShape : EVIDENCE.namedLineOnly;
  const others = inferred.candidates
    .filter((candidate) => candidate.scac !== line.scac)
    .map((candidate) => ({ ...candidate, confidence: roundConfidence(candidate.confidence * (1 - own)) }))
    .filter((candidate) => candidate.confidence > 0);
  const selected = {
    scac: line.scac,
    name: line.name,
    confidence: Math.max(own, inferred.candidates.find((c) => c.scac === line.scac)?.confidence ?? 0),
  };
  const decision = decide(selected.confidence);
  return {
    ...inferred,
    decision,
    selected: decision === 'no_prediction' ? null : selected,
    candidates: [selected, ...others],
  };
}

/**
 * A label typed with the number (`BKG# …`, `B/L No. …`) tells a booking from a bill where the shape
 * cannot: many lines print both in one shape. It never turns a container number into anything else.
 */
function withLabelledKind(inferred: InferredNumber, labelled: LabelledKind): InferredNumber {
  if (inferred.numberType === 'container' || labelled === 'container') return inferred;
  // A house bill (`HBL …`) is a forwarder's number: no line's, whatever its shape.
  if (labelled === 'house_bill') {
    return {
      ...inferred,
      numberType: 'bill_of_lading',
      decision: 'no_prediction',
      selected: null,
      candidates: [],
    };
  }
  // A bill's shape labelled a booking says nothing of the booking's validity (see inferBareShipmentNumber).
  const validation =
    labelled === 'booking' && inferred.numberType !== 'booking'
      ? { ...inferred.validation, isValid: null }
      : inferred.validation;
  return { ...inferred, numberType: labelled, validation };
}

function inferPrefixedBill(number: string, owners: readonly Carrier[]): InferredNumber {
  const weights = new Map<Carrier, number>();
  let formatMatched = false;
  for (const owner of owners) {
    const matches = hasBillShapeAfterPrefix(owner, number);
    formatMatched ||= matches;
    const evidence = matches
      ? EVIDENCE.blPrefixAndFormat
      : owner.blFormats.length === 0
        ? EVIDENCE.blPrefixOnly
        : EVIDENCE.blPrefixWrongFormat;
    add(weights, owner, evidence / owners.length);
  }
  return result(number, 'bill_of_lading', shipmentValidation(number, formatMatched), weights);
}

/** A booking shape that starts with letters of its own (`^EBKG…`: MSC's e-bookings) names its line. */
const LITERAL_PREFIX = /^\^[A-Z]{3,}/;

function inferBareShipmentNumber(number: string, catalog: CarrierCatalog): InferredNumber {
  const prefixedBookingLines = catalog.carriers.filter((carrier) =>
    carrier.bookingFormats.some((f) => LITERAL_PREFIX.test(f.source) && f.test(number)),
  );
  if (prefixedBookingLines.length > 0) {
    const weights = new Map<Carrier, number>();
    for (const carrier of prefixedBookingLines) {
      add(weights, carrier, EVIDENCE.bookingPrefixAndFormat / prefixedBookingLines.length);
    }
    return result(number, 'booking', shipmentValidation(number, true), weights);
  }
  const billLines = catalog.carriers.filter((carrier) => carrier.blFormats.some((f) => f.test(number)));
  const bookingLines = catalog.carriers.filter((carrier) =>
    carrier.bookingFormats.some((f) => f.test(number)),
  );
  const lines = [...new Set([...billLines, ...bookingLines])];
  const total = lines.reduce((sum, carrier) => sum + (SHAPE_PRIOR[carrier.scac] ?? 1), 0);
  const ceiling = billLines.length > 0 ? EVIDENCE.formatOnlyCeiling : EVIDENCE.bookingShapeOnlyCeiling;
  const weights = new Map<Carrier, number>();
  for (const carrier of lines) {
    add(weights, carrier, (ceiling * (SHAPE_PRIOR[carrier.scac] ?? 1)) / total);
  }
  const numberType = bareNumberType(number, weights, bookingLines);
  // A bare booking has no shape to hold it to (the lines' booking shapes are short runs of digits that
  // other numbers share): its validity is unknown, as the upstream's guide answers for `987654321`.
  return result(
    number,
    numberType,
    shipmentValidation(number, numberType === 'booking' ? null : lines.length > 0),
    weights,
  );
}

/**
 * What a bare number (no line's prefix in front) most likely is. Lines print their bills behind their
 * SCAC (`MAEU` + the 9 digits, `COSU` + 10, `EGLV` + 12, `ONEY` + 12 characters) and their booking
 * confirmations without it, so a bare number in the booking shape of the line most likely to own it is
 * that line's booking; the upstream's guide reads a bare `987654321` the same way. A bare run of digits in
 * no line's shape is most often a booking too; other bare shapes (CMA CGM's office code + 7 digits, MSC's
 * 8 characters) are bills, which those lines print without a prefix.
 */
function bareNumberType(
  number: string,
  weights: ReadonlyMap<Carrier, number>,
  bookingLines: readonly Carrier[],
): NumberType {
  const likeliest = [...weights].sort(([a, x], [b, y]) => y - x || a.scac.localeCompare(b.scac))[0]?.[0];
  if (likeliest !== undefined && bookingLines.includes(likeliest)) return 'booking';
  if (weights.size > 0 && [...weights.keys()].some((carrier) => !bookingLines.includes(carrier))) {
    return 'bill_of_lading';
  }
  return bookingLines.length > 0 || /^[0-9]+$/.test(number) ? 'booking' : 'bill_of_lading';
}
