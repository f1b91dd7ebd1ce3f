import { CARRIER_CATALOG } from '../../domain/carriers/carrier-catalog.ts';
import type { DocumentText } from '../document-text.ts';
import { findColumnValues } from './column-totals.ts';
import { withBoxedCheckDigits } from './container-numbers.ts';
import { isLabel } from './label-cells.ts';
import {
  BILL_OF_LADING_NUMBER_LABELS,
  CONSIGNEE_LABELS,
  NOTIFY_LABELS,
  PORT_OF_DISCHARGE_LABELS,
  PORT_OF_LOADING_LABELS,
  SCAC_LABELS,
  SEAL_LABELS,
  SHIPPER_LABELS,
  VESSEL_AND_VOYAGE_LABELS,
  VESSEL_LABELS,
  VOYAGE_LABELS,
} from './label-patterns.ts';
import { findLabeledValue, findLabeledValues } from './labeled-values.ts';
import { isPortName } from './port-locode.ts';
import { parseIdentifier, parseParty, parseScac, parseText } from './value-parsers.ts';

/** Fields that bills of lading, arrival notices, delivery orders and booking confirmations share. */

// B/L numbers usually start with the carrier's SCAC (MAEU261234567); a shorter number has no room for one.
const SCAC_PREFIX = /^([A-Z]{4})(?=[A-Z0-9]{6,}$)(?=.*\d)/;

export function findBillOfLadingNumber(text: DocumentText): string | null {
  return findLabeledValue(text, BILL_OF_LADING_NUMBER_LABELS, parseIdentifier);
}

// Form headers print the document's number under a bare "No." beside the form's name (FIATA's "FBL").
const FORM_HEADER_LINES = 12;
const BARE_NUMBER_LABEL = [/no\.?|nr\.?|n\s?[°º]\.?|number/];

/** The number by a bare "No." in the first page's header: on a B/L form, the bill's own number. */
export function findFormNumber(text: DocumentText): string | null {
  const firstPage = text.lines.filter((line) => line.page === text.lines[0]?.page);
  const header = { ...text, lines: firstPage.slice(0, FORM_HEADER_LINES) };
  return findLabeledValue(header, BARE_NUMBER_LABEL, parseIdentifier, { startOfCell: true, below: false });
}

export function findScac(text: DocumentText, billOfLadingNumber: string | null): string | null {
  const labeled = findLabeledValue(text, SCAC_LABELS, parseScac);
  if (labeled !== null) return labeled;
  const prefix = billOfLadingNumber === null ? undefined : SCAC_PREFIX.exec(billOfLadingNumber)?.[1];
  // Only a known carrier's code: a forwarder's house bill "DEHAM2211873" starts with a place, not a SCAC.
  return prefix !== undefined && CARRIER_CATALOG.blPrefixOwners(prefix).length > 0 ? prefix : null;
}

export function findVesselAndVoyage(text: DocumentText): { vessel: string | null; voyage: string | null } {
  const combined = findLabeledValue(text, VESSEL_AND_VOYAGE_LABELS, splitVesselVoyage);
  const vessel = findLabeledValue(text, VESSEL_LABELS, parseVessel);
  const voyage = findLabeledValue(text, VOYAGE_LABELS, parseVoyage);
  // A vessel box may carry the voyage too ("EVER ACE V.0103-042W", "HMM ALGECIRAS / 0021E").
  const inVesselBox = voyage === null ? findLabeledValue(text, VESSEL_LABELS, splitMarkedVoyage) : null;
  return {
    vessel: combined?.vessel ?? inVesselBox?.vessel ?? vessel,
    voyage: combined?.voyage ?? voyage ?? inVesselBox?.voyage ?? null,
  };
}

// "From" and "To" head the legs of a routing table ("From   To   Vessel   Voyage   ETD"), and far more
// often an address or a letter: they count only for a cell that names a known port and nothing else.
const ORIGIN_LABELS = [/from|origin/];
const DESTINATION_LABELS = [/to|destination/];

export function findPortOfLoading(text: DocumentText): string | null {
  return (
    findLabeledValue(text, PORT_OF_LOADING_LABELS, parsePort) ??
    findLabeledValue(text, ORIGIN_LABELS, parseNamedPort, { startOfCell: true })
  );
}

// A notice of arrival or a release names one port, the one the box is at: a bare "Port" there is the
// port of discharge when its cell names a known port and nothing else. "Porto di imbarco" (its words
// misread, so no known label) is some other port.
const BARE_PORT_LABELS = [/port|hafen|haven|puerto|porto/];
const parseBarePort = (raw: string, label: string): string | null =>
  /^\p{L}+\W*$/u.test(label.trim()) ? parseNamedPort(raw) : null;

export function findPortOfDischarge(text: DocumentText, options: { barePort?: boolean } = {}): string | null {
  return (
    findLabeledValue(text, PORT_OF_DISCHARGE_LABELS, parsePort) ??
    findLabeledValue(text, DESTINATION_LABELS, parseNamedPort, { startOfCell: true }) ??
    (options.barePort === true
      ? findLabeledValue(text, BARE_PORT_LABELS, parseBarePort, { startOfCell: true })
      : null)
  );
}

export function findShipper(text: DocumentText): string | null {
  return findLabeledValue(text, SHIPPER_LABELS, parseParty, { preferBelow: true });
}

export function findConsignee(text: DocumentText): string | null {
  const consignee = findLabeledValue(text, CONSIGNEE_LABELS, parseParty, { preferBelow: true });
  return consignee === null ? null : withOrderParty(text, consignee);
}

// "TO THE ORDER OF" on one line and the bank on the next: the consignee is the whole phrase.
const OPEN_ORDER = /\border(?:\s+of)?$/i;

function withOrderParty(text: DocumentText, consignee: string): string {
  if (!OPEN_ORDER.test(consignee)) return consignee;
  const index = text.lines.findIndex((line) => line.cells.some((cell) => cell.text.trim() === consignee));
  const cell = text.lines[index]?.cells.find((c) => c.text.trim() === consignee);
  const next = text.lines[index + 1];
  const under = next?.cells.find((c) => cell !== undefined && c.x < cell.xEnd && c.xEnd > cell.x - 2);
  // A label before it on its line ("notify party:   HELLENIC ...") makes the line under another pair.
  const paired =
    under !== undefined && next?.cells.some((c) => c.xEnd <= under.x && isLabel(c.text)) === true;
  const party = under === undefined || paired ? null : parseParty(under.text);
  return party === null ? consignee : `${consignee} ${party}`;
}

export function findNotifyParty(text: DocumentText): string | null {
  return findLabeledValue(text, NOTIFY_LABELS, parseParty, { preferBelow: true });
}

/** Seal numbers printed after a seal label: tokens with a digit, several per label possible. */
export function findSealNumbers(text: DocumentText, containers: readonly string[]): string[] {
  const known = new Set(containers);
  const seals = [
    ...findLabeledValues(text, SEAL_LABELS, parseSeals, { below: true }),
    ...SEAL_LABELS.flatMap((label) => findColumnValues(text, label, parseSeals, { shared: true })),
    ...text.lines.flatMap((line) =>
      [...line.text.matchAll(SEAL_IN_RUN)].map((match) => (match[1] ?? '').toUpperCase()),
    ),
  ].flat();
  return [...new Set(seals)].filter((seal) => !known.has(seal) && !isMisreadContainer(seal, known));
}

// A container number OCR read with a stray digit in its owner code ("Z1IMU1338706") is no seal either.
function isMisreadContainer(seal: string, containers: ReadonlySet<string>): boolean {
  if (seal.length !== 12) return false;
  for (let at = 1; at < 5; at += 1)
    if (/\d/.test(seal[at] ?? '') && containers.has(seal.slice(0, at) + seal.slice(at + 1))) return true;
  return false;
}

// In a run of cargo text, "SEAL ML-5190014" with no colon: the seal word and a code with a digit.
const SEAL_IN_RUN = /\bseal(?:\s+no\.?)?\s+(?=[A-Z0-9-]*\d)([A-Z]{0,4}-?\d[A-Z0-9-]{4,18})\b/gi;

function parseSeals(raw: string): string[] | null {
  // A container number printed next to its seal ("HLXU 555123-0 / SL998877") is not a seal.
  const tokens = withBoxedCheckDigits(raw)
    // OCR reads the S of a seal prefix as "$" ("$L422043"), or as both ("S$L422043").
    .replace(/S\$(?=[A-Z]{1,2}-?\d)/gi, 'S')
    .replace(/(?<![A-Z])\$(?=[A-Z]{1,3}-?\d)/gi, 'S')
    .replace(/\b[A-Z]{4}[ -]?\d{6}[ -]?\d\b/gi, ' ')
    .split(/[\s,;/&]+|\band\b/i)
    .map((t) => t.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ''))
    // Seals run to six characters or more; a shorter number is a count, a year or a page.
    .filter((t) => /^[A-Z0-9][A-Z0-9-]{5,19}$/i.test(t) && /\d/.test(t));
  const seals = tokens.map((t) => t.toUpperCase());
  return seals.length > 0 ? seals : null;
}

// A port as printed: the name before any country or state after a comma is kept whole.
function parsePort(raw: string): string | null {
  const value = parseText(raw);
  if (value === null || !/[A-Za-z]{3}/.test(value) || /^\d/.test(value)) return null;
  return value;
}

function parseNamedPort(raw: string): string | null {
  const value = parsePort(raw);
  return value !== null && isPortName(value) ? value : null;
}

// "MSC GULSUN / 123E" or "MSC GULSUN V.123E".
function splitVesselVoyage(raw: string): { vessel: string; voyage: string } | null {
  const match =
    /^(.+?)\s*(?:\/|\s+v\.|\s+voy(?:age)?\.?)\s*([A-Za-z0-9-]+)\s*$/i.exec(raw.trim()) ??
    // Under a combined heading the voyage may follow the name with only a space: "OOCL HONG KONG 089E".
    // CMA CGM's codes run to six letters after the leading zero ("0FLDEW1MA"), which OCR reads as "O".
    /^(.+?[A-Za-z].*?)\s+((?:[A-Za-z]{0,3}|[0O][A-Za-z]{4,6})\d[A-Za-z0-9-]*)$/.exec(raw.trim());
  const vessel = parseText(match?.[1] ?? '');
  const voyage = parseVoyage(match?.[2] ?? '');
  return vessel === null || voyage === null ? null : { vessel, voyage };
}

// Only with a mark between name and voyage: a slash, "V." or "Voy."; a bare last word may be the name's.
function splitMarkedVoyage(raw: string): { vessel: string; voyage: string } | null {
  const match = /^(.+?)\s*(?:\/|\s+v\.|\s+voy(?:age)?\.?)\s*([A-Za-z0-9-]+)\s*$/i.exec(raw.trim());
  const vessel = parseText(match?.[1] ?? '');
  const voyage = parseVoyage(match?.[2] ?? '');
  return vessel === null || voyage === null ? null : { vessel, voyage };
}

// A vessel printed inline with its voyage ("MAERSK ELBA   Voyage: 245W") keeps only the name.
function parseVessel(raw: string): string | null {
  const name = parseText(
    raw
      // "M/V EVER LEADING", "MV MAERSK ESSEX": the ship's type prefix is not its name.
      .replace(/^(?:m\/v|m\.v\.|mv|m\/s|m\.s\.)\s+(?=\S)/i, '')
      .replace(/\s+(?:voy(?:age)?|reise|reis|viaje|viaggio)\b.*$/i, '')
      // "ZIM KINGSTON / V30": the voyage after a slash is not part of the name.
      .replace(/\s*\/\s*[A-Za-z]{0,3}\d[A-Za-z0-9-]*$/, '')
      // "EVER ACE V.0103-042W": the same after "V.".
      .replace(/\s+v\.\s*[A-Za-z]{0,3}\d[A-Za-z0-9-]*$/i, ''),
  );
  return name !== null && /[A-Za-z]{2}/.test(name) ? name : null;
}

function parseVoyage(raw: string): string | null {
  // A slash inside the code is the carrier's ("12/E"); one with spaces around it starts something else.
  const token = /^[A-Za-z0-9](?:[A-Za-z0-9-]|\/(?=[A-Za-z0-9])){0,11}/.exec(raw.trim())?.[0];
  if (token === undefined || !/\d/.test(token)) return null;
  // Carriers' voyage codes start with a zero ("0MA1W", "0XE7E1MA"), which OCR reads as the letter O.
  return token.toUpperCase().replace(/^O(?=\d|[A-Z]{1,6}\d)/, '0');
}
