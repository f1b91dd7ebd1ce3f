/**
 * How sure each kind of evidence makes us of the carrier, and the decision a confidence leads to. Each
 * figure is the share of such numbers we expect to belong to the named line (calibration: a 0.9 is right
 * about 9 times in 10); the calibration test checks them against a labelled set.
 */

export type Decision = 'auto_select' | 'needs_confirmation' | 'no_prediction';

/** The upstream's thresholds (reference §4). */
export const AUTO_SELECT_THRESHOLD = 0.95;
export const NEEDS_CONFIRMATION_THRESHOLD = 0.7;

export function decide(confidence: number | undefined): Decision {
  if (confidence === undefined || confidence < NEEDS_CONFIRMATION_THRESHOLD) return 'no_prediction';
  return confidence >= AUTO_SELECT_THRESHOLD ? 'auto_select' : 'needs_confirmation';
}

export const EVIDENCE = {
  /**
   * Owner code registered to a single-brand line, check digit right: lines move their own boxes on their
   * own bills; the rest are boxes sold off or lent under a slot charter.
   */
  ownedPrefix: 0.97,
  /**
   * Owner code of a line whose sister brands (Maersk with Sealand and Safmarine, CMA CGM with APL and
   * ANL, COSCO with OOCL) ship in the same boxes: often the sister's bill, so never auto-selected.
   */
  ownedPrefixSharedWithSisters: 0.88,
  /** Owner code of a brand its group has absorbed (APL, ANL): its boxes ride the parent's bills as often. */
  absorbedBrandPrefix: 0.6,
  /** Owner code of a brand its group has retired (Hamburg Sud): most of its boxes ride the parent's bills. */
  retiredBrandPrefix: 0.25,
  /** Owner code registered to a group company, not the line itself (SEAU, SUDU, MCPU): a coin toss. */
  groupPrefix: 0.5,
  /** A wrong check digit is most often a typo in the serial: the owner code still holds, a little less. */
  checkDigitFailedFactor: 0.88,
  /**
   * A registered owner code with a serial one digit too long or short or with a letter in it: the owner
   * code was typed as printed, so whose box it is stays about as likely as with a wrong check digit; the
   * number cannot be looked up as typed, so the line always asks for confirmation (0.70 to 0.80), never
   * more.
   */
  mistypedContainerFactor: 0.8,
  /** The line's SCAC or BL prefix in front, and the rest in one of its known shapes. */
  blPrefixAndFormat: 0.97,
  /**
   * A booking in a shape that starts with letters only one line prints (MSC's `EBKG` + 8 digits): as sure
   * as a bill behind the line's prefix in one of its shapes, a little less, since booking prefixes are
   * fewer and less documented than SCACs.
   */
  bookingPrefixAndFormat: 0.95,
  /**
   * A line named in the words pasted around a bare number that has one of its shapes: the name settles
   * which of the lines sharing the shape, but users name the line loosely (a forwarder, a sister brand),
   * so it is confirmed, not acted on.
   */
  namedLineAndShape: 0.9,
  /**
   * A line named beside a leased box (`MSC container TGHU…`): the owner code says nothing of the line, the
   * name is the only evidence, and users name the line loosely (a forwarder, a sister brand): confirmed.
   */
  namedLineLeasedBox: 0.85,
  /**
   * Another line named beside a line's own box (`Maersk MSCU…`): slot charters put boxes on partners'
   * bills, but a name typed loosely is as likely; offered as a candidate, never selected.
   */
  namedOtherLineBesideBox: 0.1,
  /** A line named beside a number in none of its known shapes: shapes are summaries, so still a lead. */
  namedLineOnly: 0.75,
  /** The line's prefix in front and no known shape to check the rest against: the prefix alone is strong. */
  blPrefixOnly: 0.94,
  /** The line's prefix in front, the rest in none of its known shapes (shapes are summaries; old bills differ). */
  blPrefixWrongFormat: 0.92,
  /**
   * A bare number whose shape only one line is known to use: shapes are summaries, not exhaustive, so a
   * booking or house bill of another line may share it.
   */
  formatOnlyCeiling: 0.8,
  /**
   * A bare number in no line's bill shape but in one line's booking shape (8 digits: Hapag-Lloyd): booking
   * shapes are short and other numbers (dates, orders, invoices) share them, so the line is only ever
   * suggested for confirmation; the upstream's own booking example answers 0.72.
   */
  bookingShapeOnlyCeiling: 0.72,
} as const;

/** Rounds to 2 decimals so the figures read as the estimates they are. */
export const roundConfidence = (value: number): number => Math.round(value * 100) / 100;
