import type { DocumentText } from '../document-text.ts';
import { findLabeledValue } from './labeled-values.ts';
import { parseIdentifier, parseScac, parseText } from './value-parsers.ts';

/** Fields that bills of lading and arrival notices share, with the label variants seen on them. */

const BILL_OF_LADING_NUMBER = [
  /(?:master\s+|house\s+|ocean\s+)?(?:bill\s+of\s+lading|b\s*\/\s*l|m?bl|sea\s+waybill|waybill)\s*(?:no\.?|nos\.?|number|num\.?|#)/,
  /(?:bill\s+of\s+lading|b\s*\/\s*l|m?bl)/,
];
const VESSEL_AND_VOYAGE = [/(?:ocean\s+)?vessel\s*(?:\/|&|and)\s*voy(?:age)?\.?(?:\s*(?:no\.?|number))?/];
const VESSEL = [/(?:ocean\s+|feeder\s+)?vessel(?:\s+name)?|ship\s+name|vsl\.?/];
const VOYAGE = [/voy(?:age)?\.?(?:\s*(?:no\.?|number|#))?/];
const PORT_OF_LOADING = [/port\s+of\s+loading|loading\s+port|port\s+of\s+lading|pol/];
const PORT_OF_DISCHARGE = [/port\s+of\s+discharge|discharge\s+port|port\s+of\s+unloading|pod/];
const SCAC = [/scac(?:\s+code)?|carrier\s+scac/];

// B/L numbers usually start with the carrier's SCAC (MAEU261234567); a shorter number has no room for one.
const SCAC_PREFIX = /^([A-Z]{4})(?=[A-Z0-9]{6,}$)(?=.*\d)/;

export function findBillOfLadingNumber(text: DocumentText): string | null {
  return findLabeledValue(text, BILL_OF_LADING_NUMBER, parseIdentifier);
}

export function findScac(text: DocumentText, billOfLadingNumber: string | null): string | null {
  const labeled = findLabeledValue(text, SCAC, parseScac);
  if (labeled !== null) return labeled;
  return billOfLadingNumber === null ? null : (SCAC_PREFIX.exec(billOfLadingNumber)?.[1] ?? null);
}

export function findVesselAndVoyage(text: DocumentText): { vessel: string | null; voyage: string | null } {
  const combined = findLabeledValue(text, VESSEL_AND_VOYAGE, splitVesselVoyage);
  if (combined !== null) return combined;
  return {
    vessel: findLabeledValue(text, VESSEL, parseVessel),
    voyage: findLabeledValue(text, VOYAGE, parseVoyage),
  };
}

export function findPortOfLoading(text: DocumentText): string | null {
  return findLabeledValue(text, PORT_OF_LOADING, parseText);
}

export function findPortOfDischarge(text: DocumentText): string | null {
  return findLabeledValue(text, PORT_OF_DISCHARGE, parseText);
}

// "MSC GULSUN / 123E" or "MSC GULSUN V.123E".
function splitVesselVoyage(raw: string): { vessel: string; voyage: string } | null {
  const match = /^(.+?)\s*(?:\/|\s+v\.|\s+voy(?:age)?\.?)\s*([A-Za-z0-9-]+)\s*$/i.exec(raw.trim());
  const vessel = parseText(match?.[1] ?? '');
  const voyage = parseVoyage(match?.[2] ?? '');
  return vessel === null || voyage === null ? null : { vessel, voyage };
}

// A vessel printed inline with its voyage ("MAERSK ELBA   Voyage: 245W") keeps only the name.
function parseVessel(raw: string): string | null {
  return parseText(raw.replace(/\s+voy(?:age)?\b.*$/i, ''));
}

function parseVoyage(raw: string): string | null {
  const token = /^[A-Za-z0-9][A-Za-z0-9-]{0,11}/.exec(raw.trim())?.[0];
  return token !== undefined && /\d/.test(token) ? token.toUpperCase() : null;
}
