import type { DocumentText } from '../document-text.ts';
import { findColumnValues } from './column-totals.ts';
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
import { parseIdentifier, parseParty, parseScac, parseText } from './value-parsers.ts';

/** Fields that bills of lading, arrival notices, delivery orders and booking confirmations share. */

// B/L numbers usually start with the carrier's SCAC (MAEU261234567); a shorter number has no room for one.
const SCAC_PREFIX = /^([A-Z]{4})(?=[A-Z0-9]{6,}$)(?=.*\d)/;

export function findBillOfLadingNumber(text: DocumentText): string | null {
  return findLabeledValue(text, BILL_OF_LADING_NUMBER_LABELS, parseIdentifier);
}

export function findScac(text: DocumentText, billOfLadingNumber: string | null): string | null {
  const labeled = findLabeledValue(text, SCAC_LABELS, parseScac);
  if (labeled !== null) return labeled;
  return billOfLadingNumber === null ? null : (SCAC_PREFIX.exec(billOfLadingNumber)?.[1] ?? null);
}

export function findVesselAndVoyage(text: DocumentText): { vessel: string | null; voyage: string | null } {
  const combined = findLabeledValue(text, VESSEL_AND_VOYAGE_LABELS, splitVesselVoyage);
  const vessel = findLabeledValue(text, VESSEL_LABELS, parseVessel);
  const voyage = findLabeledValue(text, VOYAGE_LABELS, parseVoyage);
  return { vessel: combined?.vessel ?? vessel, voyage: combined?.voyage ?? voyage };
}

export function findPortOfLoading(text: DocumentText): string | null {
  return findLabeledValue(text, PORT_OF_LOADING_LABELS, parsePort);
}

export function findPortOfDischarge(text: DocumentText): string | null {
  return findLabeledValue(text, PORT_OF_DISCHARGE_LABELS, parsePort);
}

export function findShipper(text: DocumentText): string | null {
  return findLabeledValue(text, SHIPPER_LABELS, parseParty, { preferBelow: true });
}

export function findConsignee(text: DocumentText): string | null {
  return findLabeledValue(text, CONSIGNEE_LABELS, parseParty, { preferBelow: true });
}

export function findNotifyParty(text: DocumentText): string | null {
  return findLabeledValue(text, NOTIFY_LABELS, parseParty, { preferBelow: true });
}

/** Seal numbers printed after a seal label: tokens with a digit, several per label possible. */
export function findSealNumbers(text: DocumentText, containers: readonly string[]): string[] {
  const known = new Set(containers);
  const seals = [
    ...findLabeledValues(text, SEAL_LABELS, parseSeals, { below: true }),
    ...SEAL_LABELS.flatMap((label) => findColumnValues(text, label, parseSeals)),
  ].flat();
  return [...new Set(seals)].filter((seal) => !known.has(seal));
}

function parseSeals(raw: string): string[] | null {
  // A container number printed next to its seal ("HLXU 555123-0 / SL998877") is not a seal.
  const tokens = raw
    // OCR reads the S of a seal prefix as "$" ("$L422043").
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

// "MSC GULSUN / 123E" or "MSC GULSUN V.123E".
function splitVesselVoyage(raw: string): { vessel: string; voyage: string } | null {
  const match =
    /^(.+?)\s*(?:\/|\s+v\.|\s+voy(?:age)?\.?)\s*([A-Za-z0-9-]+)\s*$/i.exec(raw.trim()) ??
    // Under a combined heading the voyage may follow the name with only a space: "OOCL HONG KONG 089E".
    /^(.+?[A-Za-z].*?)\s+([A-Za-z]{0,3}\d[A-Za-z0-9-]*)$/.exec(raw.trim());
  const vessel = parseText(match?.[1] ?? '');
  const voyage = parseVoyage(match?.[2] ?? '');
  return vessel === null || voyage === null ? null : { vessel, voyage };
}

// A vessel printed inline with its voyage ("MAERSK ELBA   Voyage: 245W") keeps only the name.
function parseVessel(raw: string): string | null {
  const name = parseText(
    raw
      .replace(/\s+(?:voy(?:age)?|reise|reis|viaje|viaggio)\b.*$/i, '')
      // "ZIM KINGSTON / V30": the voyage after a slash is not part of the name.
      .replace(/\s*\/\s*[A-Za-z]{0,3}\d[A-Za-z0-9-]*$/, ''),
  );
  return name !== null && /[A-Za-z]{2}/.test(name) ? name : null;
}

function parseVoyage(raw: string): string | null {
  const token = /^[A-Za-z0-9][A-Za-z0-9-]{0,11}/.exec(raw.trim())?.[0];
  if (token === undefined || !/\d/.test(token)) return null;
  // Carriers' voyage codes start with a zero ("0MA1W", "0XE7E1MA"), which OCR reads as the letter O.
  return token.toUpperCase().replace(/^O(?=[A-Z]{1,3}\d)/, '0');
}
