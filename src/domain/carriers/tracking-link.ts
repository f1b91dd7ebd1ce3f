import type { Carrier, CarrierCatalog } from './carrier-catalog.ts';

/**
 * A line's own tracking page pasted whole (`https://www.maersk.com/tracking/MSKU6787218`,
 * `…coscoshipping.com/…?trackingType=BILLOFLADING&number=6012345678`): users copy the address bar as often
 * as the number. Only links to a line's own site are read, and only the number in them: any other link
 * stays refused (its numbers belong to a page, not a field), and the site names the line the way a line's
 * name typed beside the number does.
 */

/**
 * One address with no space in it: a scheme, `www.` as browsers show it, or a host and its path
 * (`msc.com/track-a-shipment?…`); whichever, only a line's own host is read.
 */
const ONE_LINK = /^(?:https?:\/\/|www\.|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/)[^\s]+$/iu;
/** Query values and path segments longer than any reference with its label are no reference. */
const MAX_PART_LENGTH = 60;

export interface TrackingLink {
  /** The line whose site it is. */
  readonly line: Carrier;
  /**
   * The query values and path segments, decoded, in the order the link has them: where the number is;
   * each with the words that may label it (its query key, the other query values of letters only:
   * `container=…`, `trackingType=BILLOFLADING&number=…`).
   */
  readonly parts: ReadonlyArray<{ readonly text: string; readonly labels: readonly string[] }>;
}

/** A query key or value that can be a label: letters only (`container`, `BILLOFLADING`, `SearchBy`). */
const LABEL_LIKE = /^[A-Za-z]{2,30}$/;

/** The line and the parts of a link to a line's own site; undefined for anything else. */
export function trackingLink(input: string, catalog: CarrierCatalog): TrackingLink | undefined {
  const typed = input.trim();
  if (!ONE_LINK.test(typed)) return undefined;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//iu.test(typed) ? typed : `https://${typed}`);
  } catch {
    return undefined;
  }
  const line = catalog.lineOfHost(url.hostname);
  if (line === undefined || url.username !== '' || url.password !== '') return undefined;
  const query = [...url.searchParams.entries()];
  const typeWords = query.map(([, value]) => value).filter((value) => LABEL_LIKE.test(value));
  // Pages that route in the browser keep the number after `#` (`…/tracking#/ONEYTYOA12345678`).
  const segments = [...url.pathname.split('/'), ...url.hash.slice(1).split(/[/?&=]/)];
  const parts = [
    ...segments.map((segment) => ({ text: decoded(segment), labels: [] })),
    ...query.map(([key, value]) => ({
      text: value,
      labels: [...typeWords, ...(LABEL_LIKE.test(key) ? [key] : [])],
    })),
  ].filter(
    (part): part is { text: string; labels: string[] } =>
      part.text !== undefined && /[0-9]/.test(part.text) && part.text.length <= MAX_PART_LENGTH,
  );
  return { line, parts };
}

function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    // A broken escape (`%E0%A4%A`): not something a carrier's page puts there.
    return undefined;
  }
}
