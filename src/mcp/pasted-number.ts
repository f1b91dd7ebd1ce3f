import type { TrackingClient } from '../client/tracking-client.ts';
import { TrackingApiError } from '../client/tracking-errors.ts';
import type { InferNumberResult } from '../client/tracking-schemas.ts';

/**
 * Numbers as agents pass them on from users: with a label, in a sentence, in quotes, out of a mail
 * (`B/L No.: MAEU123456789.`, `Container# msku6787218`). Every tool that takes a number reads it as
 * track_container does: what is not plain letters and digits is handed to infer_number, whose
 * `parsed_number` is the number meant. What infer_number cannot read is used as typed: a list filter or a
 * search may name a customer's reference, which is no carrier's number.
 */

/** A search term typed as one word: letters, digits and the separators printed markings use. */
const ONE_WORD = /^[A-Za-z0-9./-]+$/;
/** The separators of printed markings, which the service's search ignores. */
const MARKINGS = /[\s./-]/g;

/**
 * The number a list filter means (`list_shipments` `number`, `filter[request_number]`): spaces dropped and
 * upper case, as track_container reads it; a paste with anything else in it is read by infer_number.
 */
export async function readNumberFilter(
  input: string,
  client: Pick<TrackingClient, 'inferNumber'>,
): Promise<string> {
  const compact = input.replaceAll(/\s+/g, '').toUpperCase();
  if (/^[A-Z0-9]*$/.test(compact)) return compact;
  return (await parsedNumber(input.trim(), client)) ?? input.trim();
}

/**
 * What `search_container` searches for: the number out of a label, a sentence or quotes; anything else as
 * typed (`MSKU 678721 8` and `PO-7` are searched as they are: the search ignores spaces and dashes in
 * numbers, and a customer's reference keeps its marks).
 */
export async function readSearchTerm(
  input: string,
  client: Pick<TrackingClient, 'inferNumber'>,
): Promise<string> {
  const typed = input.trim();
  if (ONE_WORD.test(typed)) return typed;
  const parsed = await parsedNumber(typed, client);
  // Words around the number were dropped only when the number differs from the input without its marks.
  return parsed !== undefined && parsed !== typed.replace(MARKINGS, '').toUpperCase() ? parsed : typed;
}

/** infer_number's reading of a paste; undefined when it finds no one number in it or cannot be asked. */
async function parsedNumber(
  input: string,
  client: Pick<TrackingClient, 'inferNumber'>,
): Promise<string | undefined> {
  try {
    const parsed = (await client.inferNumber(input)).validation?.parsed_number;
    return typeof parsed === 'string' && parsed !== '' ? parsed : undefined;
  } catch (error) {
    // Refused (422), not deployed (404, 405) or rate limited: the input is used as typed, as before.
    if (error instanceof TrackingApiError) return undefined;
    throw error;
  }
}

/**
 * The number infer_number read out of what was typed (`parsed_number`), else the number as typed. It
 * differs from a plain number too: a letter typed for a digit put right (`MSKU6787Z18`), a line's code
 * typed twice dropped (`MAEUMAEU123456789`); the number meant is the one searched for and tracked.
 */
export const meantNumber = (
  inferred: Pick<InferNumberResult, 'validation'> | undefined,
  typed: string,
): string => {
  const parsed = inferred?.validation?.parsed_number;
  return typeof parsed === 'string' && parsed !== '' ? parsed : typed;
};
