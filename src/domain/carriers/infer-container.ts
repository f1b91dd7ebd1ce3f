import { CONTAINER_NUMBER_PATTERN, computeCheckDigit } from '../iso6346.ts';
import { hasBillShapeAfterPrefix } from './bill-shape.ts';
import type { Carrier, CarrierCatalog } from './carrier-catalog.ts';
import { EVIDENCE } from './confidence.ts';
import { add, type InferredNumber, result } from './inferred-number.ts';

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
 * A registered owner code followed by what is almost a serial: one digit too many, or a letter that looks
 * like a digit (O, I, L, S, B, Z, G) where a digit belongs and no digit put there gives a right check
 * digit. Such strings are mistyped container numbers, not bills of lading.
 */
const MISTYPED_SERIAL = /^(?:[0-9]{8}|(?=.*[OILSBZG])[0-9OILSBZG]{7})$/;
/**
 * A line's own owner code and six digits is its box without the check digit. Not so for a lessor's
 * code: CMA CGM prints 4 letters + 6 digits on bills, and those letters can be a lessor's code (DNAU).
 */
const SERIAL_WITHOUT_CHECK_DIGIT = /^[0-9]{6}$/;

export function inferContainer(number: string, catalog: CarrierCatalog): InferredNumber {
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
 * whole container number under a registered owner code: a bill that happens to look like one is rarer
 * than one in ten. A check digit one off is the box mistyped (`MAEU MSKU6787219`), not a bill.
 */
export function gluedContainer(
  number: string,
  catalog: CarrierCatalog,
): { readonly box: string; readonly lines: readonly Carrier[] } | undefined {
  if (number.length !== 15) return undefined;
  const lines = catalog.blPrefixOwners(number.slice(0, 4));
  const box = number.slice(4);
  if (lines.length === 0 || !CONTAINER_NUMBER_PATTERN.test(box)) return undefined;
  const checkDigitPassed = computeCheckDigit(box.slice(0, 10)) === Number(box.charAt(10));
  // A mistyped box is read only where the rest is none of the line's bill shapes.
  if (!checkDigitPassed && lines.some((line) => hasBillShapeAfterPrefix(line, number))) return undefined;
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
export function inferGluedContainer(
  box: string,
  lines: readonly Carrier[],
  catalog: CarrierCatalog,
): InferredNumber {
  const checkDigitPassed = computeCheckDigit(box.slice(0, 10)) === Number(box.charAt(10));
  const factor = checkDigitPassed ? 1 : EVIDENCE.checkDigitFailedFactor;
  const owner = box.slice(0, 4);
  const ownersOrLessor = new Set([...catalog.ownersOf(owner), ...catalog.groupOwnersOf(owner)]);
  const leased = catalog.lessorOf(owner) !== undefined;
  const weights = new Map<Carrier, number>();
  for (const line of lines) {
    const agrees = leased || ownersOrLessor.has(line);
    const evidence = agrees ? EVIDENCE.blPrefixAndFormat : EVIDENCE.blPrefixWrongFormat;
    add(weights, line, (evidence * factor) / lines.length);
  }
  return result(
    box,
    'container',
    {
      isValid: checkDigitPassed,
      type: 'container',
      checkDigitPassed,
      parsedNumber: box,
      reason: checkDigitPassed ? null : 'Invalid check digit',
    },
    weights,
  );
}

export function isMistypedContainer(number: string, catalog: CarrierCatalog): boolean {
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
export function inferMistypedContainer(number: string, catalog: CarrierCatalog): InferredNumber {
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
