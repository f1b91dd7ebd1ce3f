import { CONTAINER_NUMBER_PATTERN, computeCheckDigit } from '../iso6346.ts';
import type { Carrier, CarrierCatalog } from './carrier-catalog.ts';
import { type Decision, decide, EVIDENCE, roundConfidence } from './confidence.ts';
import { readMisreadCharacters } from './misread-characters.ts';
import { namedLines } from './named-lines.ts';
import { type LabelledKind, readReferenceInput } from './reference-input.ts';

export type NumberType = 'container' | 'bill_of_lading' | 'booking';

export interface CarrierCandidate {
  readonly scac: string;
  readonly name: string;
  readonly confidence: number;
}

export interface InferredNumber {
  readonly number: string;
  readonly numberType: NumberType;
  readonly validation: {
    /** null when no rule can tell (a bare booking number of an unknown shape). */
    readonly isValid: boolean | null;
    readonly type: 'container' | 'shipment';
    /** The ISO 6346 check; null for shipment numbers, which have none. */
    readonly checkDigitPassed: boolean | null;
    readonly parsedNumber: string;
    readonly reason: string | null;
  };
  readonly decision: Decision;
  readonly selected: CarrierCandidate | null;
  readonly candidates: readonly CarrierCandidate[];
}

/** Why a number was refused outright (the route answers 422). */
export type UnreadableNumber = { readonly unreadable: true; readonly reason: string };

/**
 * Lines of one group that ship in each other's boxes, keyed by the SCAC that owns the prefix: `own` is
 * the owner's share, the sisters split what is left of EVIDENCE.ownedPrefix. APL and ANL boxes travel on
 * CMA CGM bills about as often as on their own since the merger; Hamburg Sud's boxes travel on Maersk
 * bills since Maersk folded the brand in.
 */
const SHARED_BOXES: Readonly<Record<string, { readonly own: number; readonly sisters: readonly string[] }>> =
  {
    MAEU: { own: EVIDENCE.ownedPrefixSharedWithSisters, sisters: ['SEAU', 'SAFM'] },
    CMDU: { own: EVIDENCE.ownedPrefixSharedWithSisters, sisters: ['APLU', 'ANNU'] },
    APLU: { own: EVIDENCE.absorbedBrandPrefix, sisters: ['CMDU'] },
    ANNU: { own: EVIDENCE.absorbedBrandPrefix, sisters: ['CMDU'] },
    COSU: { own: EVIDENCE.ownedPrefixSharedWithSisters, sisters: ['OOLU'] },
    OOLU: { own: EVIDENCE.ownedPrefixSharedWithSisters, sisters: ['COSU'] },
    SUDU: { own: EVIDENCE.retiredBrandPrefix, sisters: ['MAEU'] },
  };

/**
 * Lines that carry more of the world's boxes get more of a shared shape's weight. Rough shares of public
 * examples: the largest lines about twice a regional one.
 */
const SHAPE_PRIOR: Readonly<Record<string, number>> = {
  MSCU: 2,
  // Bare 9-digit bills are Maersk's own form, printed on every Maersk bill; Sealand and Safmarine bills
  // and Evergreen bookings use it far less often, so Maersk gets about nine tenths of it.
  MAEU: 30,
  CMDU: 2,
  COSU: 2,
  HLCU: 2,
  ONEY: 2,
  EGLV: 2,
};

/**
 * A registered owner code followed by what is almost a serial: one digit too many, or a letter O or I
 * where a digit belongs. Such strings are mistyped container numbers, not bills of lading.
 */
const MISTYPED_SERIAL = /^(?:[0-9]{8}|(?=.*[OI])[0-9OI]{7})$/;
/**
 * A line's own owner code and six digits is its box without the check digit. Not so for a lessor's
 * code: CMA CGM prints 4 letters + 6 digits on bills, and those letters can be a lessor's code (DNAU).
 */
const SERIAL_WITHOUT_CHECK_DIGIT = /^[0-9]{6}$/;

/** Number type, validation and a calibrated carrier prediction for a container, B/L or booking number. */
export function inferNumber(input: string, catalog: CarrierCatalog): InferredNumber | UnreadableNumber {
  const read = readReferenceInput(input, (word) => catalog.blPrefixOwners(word.toUpperCase()).length > 0);
  if (!read.readable) return { unreadable: true, reason: read.reason };
  const inferred = inferReadNumber(readMisreadCharacters(read.number, catalog) ?? read.number, catalog);
  const named = withNamedLine(inferred, namedLines(read.context, catalog));
  return read.labelled === undefined ? named : withLabelledKind(named, read.labelled);
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
 * the number has, or adds it where its shape is unknown; never over a line's own prefix or a box's owner
 * code, which say more than a name typed next to them.
 */
function withNamedLine(inferred: InferredNumber, named: readonly Carrier[]): InferredNumber {
  const [line] = named;
  if (line === undefined || named.length > 1 || inferred.numberType === 'container') return inferred;
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
  return { ...inferred, numberType: labelled };
}

function inferContainer(number: string, catalog: CarrierCatalog): InferredNumber {
  const checkDigitPassed = computeCheckDigit(number.slice(0, 10)) === Number(number.charAt(10));
  const reason = checkDigitPassed ? null : 'Invalid check digit';
  const factor = checkDigitPassed ? 1 : EVIDENCE.checkDigitFailedFactor;
  return result(
    number,
    'container',
    {
      isValid: checkDigitPassed,
      type: 'container',
      checkDigitPassed,
      parsedNumber: number,
      reason,
    },
    ownerWeights(number.slice(0, 4), factor, catalog),
  );
}

/**
 * A line's SCAC or bill prefix typed in front of a container number (`MAEU MSKU6787218`, as forms with a
 * carrier column get pasted): the box is the reference, the code names the line. Only when the rest is a
 * whole container number, check digit right, under a registered owner code: a bill that happens to look
 * like one is rarer than one in ten.
 */
function gluedContainer(
  number: string,
  catalog: CarrierCatalog,
): { readonly box: string; readonly lines: readonly Carrier[] } | undefined {
  if (number.length !== 15) return undefined;
  const lines = catalog.blPrefixOwners(number.slice(0, 4));
  const box = number.slice(4);
  if (lines.length === 0 || !CONTAINER_NUMBER_PATTERN.test(box)) return undefined;
  if (computeCheckDigit(box.slice(0, 10)) !== Number(box.charAt(10))) return undefined;
  const owner = box.slice(0, 4);
  const registered =
    catalog.ownersOf(owner).length > 0 ||
    catalog.groupOwnersOf(owner).length > 0 ||
    catalog.lessorOf(owner) !== undefined;
  return registered ? { box, lines } : undefined;
}

/**
 * The named line moves the box: as sure as a bill behind the line's prefix when the box is the line's own,
 * a group company's or leased; a little less when it is another line's (slot charters put boxes on other
 * lines' bills, but so does a code typed in the wrong column).
 */
function inferGluedContainer(
  box: string,
  lines: readonly Carrier[],
  catalog: CarrierCatalog,
): InferredNumber {
  const owner = box.slice(0, 4);
  const ownersOrLessor = new Set([...catalog.ownersOf(owner), ...catalog.groupOwnersOf(owner)]);
  const leased = catalog.lessorOf(owner) !== undefined;
  const weights = new Map<Carrier, number>();
  for (const line of lines) {
    const agrees = leased || ownersOrLessor.has(line);
    const evidence = agrees ? EVIDENCE.blPrefixAndFormat : EVIDENCE.blPrefixWrongFormat;
    add(weights, line, evidence / lines.length);
  }
  return result(
    box,
    'container',
    { isValid: true, type: 'container', checkDigitPassed: true, parsedNumber: box, reason: null },
    weights,
  );
}

function isMistypedContainer(number: string, catalog: CarrierCatalog): boolean {
  const prefix = number.slice(0, 4);
  const serial = number.slice(4);
  if (!/^[A-Z]{3}U$/.test(prefix)) return false;
  const lineOwned = catalog.ownersOf(prefix).length > 0 || catalog.groupOwnersOf(prefix).length > 0;
  const registered = lineOwned || catalog.lessorOf(prefix) !== undefined;
  const mistyped = MISTYPED_SERIAL.test(serial) || (lineOwned && SERIAL_WITHOUT_CHECK_DIGIT.test(serial));
  if (!mistyped) return false;
  // A line's own prefix in front of one of its bill shapes (MAEU + 9 digits) is that bill, not a box.
  const ownBill = catalog.blPrefixOwners(prefix).some((owner) => hasBillShapeAfterPrefix(owner, number));
  return registered && !ownBill;
}

/** The owner code still says whose box it probably is, but never enough to act on alone. */
function inferMistypedContainer(number: string, catalog: CarrierCatalog): InferredNumber {
  return result(
    number,
    'container',
    {
      isValid: false,
      type: 'container',
      checkDigitPassed: false,
      parsedNumber: number,
      reason: 'Container numbers are 4 letters and 7 digits',
    },
    ownerWeights(number.slice(0, 4), EVIDENCE.mistypedContainerFactor, catalog),
  );
}

/** Each line's share of an owner code's boxes, scaled by how much the rest of the number holds up. */
function ownerWeights(prefix: string, factor: number, catalog: CarrierCatalog): Map<Carrier, number> {
  const weights = new Map<Carrier, number>();
  // A leased box says nothing about the line that moves it: never a prediction from a lessor prefix.
  if (catalog.lessorOf(prefix) === undefined) {
    const owners = catalog.ownersOf(prefix);
    // A prefix a group company also holds (SUDU: Hamburg Sud and Maersk) is shared like a sister's.
    const groups = catalog.groupOwnersOf(prefix);
    for (const owner of owners) {
      const shared = SHARED_BOXES[owner.scac];
      const sisterScacs = new Set([...(shared?.sisters ?? []), ...groups.map((group) => group.scac)]);
      sisterScacs.delete(owner.scac);
      const sisters = [...sisterScacs].flatMap((scac) => catalog.bySCAC(scac) ?? []);
      const own =
        shared?.own ?? (sisters.length > 0 ? EVIDENCE.ownedPrefixSharedWithSisters : EVIDENCE.ownedPrefix);
      add(weights, owner, (own * factor) / owners.length);
      for (const sister of sisters) {
        add(weights, sister, ((EVIDENCE.ownedPrefix - own) * factor) / sisters.length / owners.length);
      }
    }
    if (owners.length === 0) {
      for (const group of groups) add(weights, group, (EVIDENCE.groupPrefix * factor) / groups.length);
    }
  }
  return weights;
}

/**
 * Whether what follows the line's 4-letter prefix is one of its bill shapes. A shape that names the
 * prefix itself (`^HLCU…`, `^(MAEU)?…`) is tried on the whole number; otherwise only on the rest, so that
 * a bare shape such as CMA CGM's 4 letters + 6 digits is not met by the prefix standing in for the letters.
 */
function hasBillShapeAfterPrefix(owner: Carrier, number: string): boolean {
  const prefix = number.slice(0, 4);
  const rest = number.slice(4);
  return owner.blFormats.some(
    (format) => format.test(rest) || (format.source.includes(prefix) && format.test(number)),
  );
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
  // Bills of lading are what integrators track most; a bare run of digits of no known bill shape is
  // most often a booking number.
  const numberType: NumberType =
    billLines.length > 0
      ? 'bill_of_lading'
      : bookingLines.length > 0 || /^[0-9]+$/.test(number)
        ? 'booking'
        : 'bill_of_lading';
  return result(number, numberType, shipmentValidation(number, lines.length > 0), weights);
}

const shipmentValidation = (number: string, knownShape: boolean): InferredNumber['validation'] => ({
  isValid: knownShape ? true : null,
  type: 'shipment',
  checkDigitPassed: null,
  parsedNumber: number,
  reason: null,
});

function add(weights: Map<Carrier, number>, carrier: Carrier, weight: number): void {
  weights.set(carrier, (weights.get(carrier) ?? 0) + weight);
}

function result(
  number: string,
  numberType: NumberType,
  validation: InferredNumber['validation'],
  weights: ReadonlyMap<Carrier, number>,
): InferredNumber {
  const candidates = [...weights]
    .map(([carrier, weight]) => ({
      scac: carrier.scac,
      name: carrier.name,
      confidence: roundConfidence(weight),
    }))
    .filter((candidate) => candidate.confidence > 0)
    .sort((a, b) => b.confidence - a.confidence || a.scac.localeCompare(b.scac));
  const top = candidates[0];
  const decision = decide(top?.confidence);
  return {
    number,
    numberType,
    validation,
    decision,
    selected: decision === 'no_prediction' || top === undefined ? null : top,
    candidates,
  };
}
