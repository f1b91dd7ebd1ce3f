import type { DocumentText } from '../document-text.ts';
import { parseDate, type SlashDateOrder } from '../parse/dates.ts';
import { isPortName } from './port-locode.ts';
import { parseIdentifier } from './value-parsers.ts';

/**
 * A booking told in sentences, as carriers' customer service writes it in an email or a letter: "we
 * confirm your booking 265518804 ... loaded at Gdansk on board MAERSK KALMAR, voyage 648W, scheduled to
 * depart on 24 November 2026 and to arrive at Felixstowe". Read only where no label gives the field.
 * Names must be what they claim: a port is a known port's name, a vessel is set in capitals.
 */

export interface ProseBooking {
  booking_number: string | null;
  vessel: string | null;
  voyage: string | null;
  port_of_loading: string | null;
  port_of_discharge: string | null;
  etd: string | null;
}

const BOOKING =
  /\bbooking(?:\s+(?:no\.?|number|ref(?:erence)?\.?))?\s+(?:#\s*)?(?=[A-Z0-9-]*\d)([A-Z0-9][A-Z0-9-]{5,24})\b/i;
// The name in capitals, then the voyage: "on board MAERSK KALMAR, voyage 648W", "on the MSC ANNA voy. 412E".
const VESSEL_VOYAGE =
  /\b[Oo]n(?:\s+board)?\s+(?:the\s+)?(?:[Mm]\/?[Vv]\s+)?([A-Z][A-Z0-9'.-]*(?:\s[A-Z0-9][A-Z0-9'.-]*){0,4})\s*,?\s+(?:voy|Voy|VOY)(?:age|AGE)?\.?\s+(?:[Nn][Oo]\.?\s+)?([A-Z0-9][A-Z0-9-]{1,11})\b/;
// A place runs to the next "on", comma or full stop: "loaded at Gdansk on board ...".
const PLACE = String.raw`(\p{Lu}[\p{L}'.-]*(?:\s\p{Lu}[\p{L}'.-]*){0,3})`;
const LOADING = new RegExp(
  String.raw`\b(?:loaded|loading|shipped|sail(?:s|ing)?|depart(?:s|ing)?)\s+(?:at|in|from)\s+${PLACE}`,
  'u',
);
const DISCHARGE = new RegExp(
  String.raw`\b(?:arriv(?:e|es|ing)|discharged?|delivered)\s+(?:at|in)\s+${PLACE}`,
  'u',
);
const DEPARTURE = /\b(?:depart(?:s|ing|ure)?|sail(?:s|ing)?)\s+(?:on\s+|date\s+)?(.{6,30})/i;

export function findProseBooking(text: DocumentText, slashOrder: SlashDateOrder | null): ProseBooking {
  // Sentences wrap across lines: read the text as one run.
  const prose = text.lines
    .map((line) => line.text)
    .join(' ')
    .replace(/\s+/g, ' ');
  const vesselVoyage = VESSEL_VOYAGE.exec(prose);
  const departure = DEPARTURE.exec(prose)?.[1];
  return {
    booking_number: parseIdentifier(BOOKING.exec(prose)?.[1] ?? ''),
    vessel: vesselVoyage?.[1]?.trim() ?? null,
    voyage: vesselVoyage?.[2]?.toUpperCase() ?? null,
    port_of_loading: knownPort(LOADING.exec(prose)?.[1]),
    port_of_discharge: knownPort(DISCHARGE.exec(prose)?.[1]),
    etd: departure === undefined ? null : parseDate(departure, slashOrder),
  };
}

// "Gdansk on" is cut back word by word to the longest run that names a known port.
function knownPort(place: string | undefined): string | null {
  const words = (place ?? '').split(' ');
  for (let n = words.length; n >= 1; n -= 1) {
    const name = words.slice(0, n).join(' ');
    if (isPortName(name)) return name;
  }
  return null;
}
