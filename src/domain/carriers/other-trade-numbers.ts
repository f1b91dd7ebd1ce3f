import { labelOf } from './reference-labels.ts';

/**
 * Numbers of other trades that get pasted where a carrier reference belongs, told apart by their own
 * shapes and check digits: none is a container, a master bill or a booking, and a line guessed for one
 * would send a tracking request to nobody. Each rule names its number; the check digits keep the rules
 * from catching a carrier's number of the same length by chance (one in 7, 10, 11 or 97).
 */

/** A US customs entry: filer code, 7 digits, check digit, typed with its two dashes (`AB1-2345678-9`). */
const US_CUSTOMS_ENTRY = /^[A-Z0-9]{3}-[0-9]{7}-[0-9]$/;
/** A web shop's order number, three groups of digits (`113-1234567-1234567`). */
const SHOP_ORDER = /^[0-9]{3}-[0-9]{7}-[0-9]{7}$/;
/**
 * A North American phone number typed in its groups (`555-010-1234`), a US employer (`12-3456789`) or social
 * security number (`123-45-6789`): digits a line's number could have, groups no line prints.
 */
const US_PHONE_OR_TAX_ID =
  /^[0-9]{3}[-.][0-9]{3}[-.][0-9]{4}$|^[0-9]{2}-[0-9]{7}$|^[0-9]{3}-[0-9]{2}-[0-9]{4}$/;
/** An order, invoice or air waybill label typed onto its digits (`PO4500012345`, `INV2024001`). */
const GLUED_LABEL = /^(?:PO|INV|INVOICE|ORD|ORDER|AWB|MAWB|HAWB)[0-9]/;
/** A tariff (HS/HTS) line typed with its dots (`8471.30`, `8471.30.0100`, `8471.30.01.00`). */
const DOTTED_TARIFF_LINE = /^[0-9]{4}\.[0-9]{2}(?:\.[0-9]{2,4}){0,2}$/;

/**
 * An IATA air waybill: 3-digit airline prefix, 7 serial digits and their remainder by 7, typed with the
 * prefix apart (`176-12345675`, `057 1234 5675`). Eleven bare digits could be a line's booking: no line's
 * shape is known for them, but one in ten would pass the check by chance.
 */
const AIR_WAYBILL = /^[0-9]{11}$/;
const AIRLINE_PREFIX_APART = /^[0-9]{3}(?:[-.]|$)/;
/**
 * IATA prefixes of the airlines that carry most air cargo (the large combination and all-cargo carriers).
 * Eleven bare digits are an air waybill when the first three are one of them and the serial passes its
 * check: no line's bill or booking shape known here has 11 digits, and a number of another shape would
 * pass both by chance about once in 200 (49 prefixes of 1,000, one serial in ten).
 */
const CARGO_AIRLINE_PREFIXES: ReadonlySet<string> = new Set([
  '001',
  '006',
  '014',
  '016',
  '020',
  '023',
  '045',
  '047',
  '055',
  '057',
  '065',
  '071',
  '072',
  '074',
  '077',
  '081',
  '086',
  '098',
  '105',
  '112',
  '114',
  '117',
  '125',
  '131',
  '157',
  '160',
  '172',
  '176',
  '180',
  '205',
  '217',
  '232',
  '235',
  '257',
  '297',
  '369',
  '406',
  '555',
  '607',
  '618',
  '695',
  '724',
  '738',
  '781',
  '784',
  '880',
  '933',
  '988',
  '999',
]);
/** A UN dangerous-goods number typed onto its letters (`UN1263`): no line prints a number that short. */
const UN_NUMBER = /^UN[0-9]{4}$/;
/**
 * An EU customs movement reference number (MRN): the year's two digits, the country, 13 letters and digits
 * and a check character; 18 characters starting with digits, a shape no line prints.
 */
const MOVEMENT_REFERENCE =
  /^[0-9]{2}(?:AT|BE|BG|CY|CZ|DE|DK|EE|ES|FI|FR|GR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|GB|XI|CH|NO)[A-Z0-9]{14}$/;
/** An IMO ship number typed with its letters (`IMO9074729`): 7 digits, the last a weighted check. */
const IMO_NUMBER = /^IMO([0-9]{7})$/;
/**
 * A vessel operator's voyage code (`0FA3RW1MA`: 0, the service and sailing, the direction, a digit and
 * the operator's two letters).
 */
const VOYAGE_CODE = /^0(?=[0-9]*[A-Z])[A-Z0-9]{3,4}[NSEW][0-9][A-Z]{2}$/;
/**
 * Voyage numbers as lines print them beside a vessel's name: a sailing and its direction (`2245W`, Hapag-
 * Lloyd's, ONE's, COSCO's), MSC's service letters, sailing and a letter (`NW518A`). Shorter than any line's
 * number.
 */
const VOYAGE_NUMBER = /^[0-9]{3,4}[NSEW]$|^[A-Z]{2}[0-9]{3}[A-Z]$/;
/** UPS's 1Z numbers: 1Z and 16 letters and digits. */
const UPS_NUMBER = /^1Z[A-Z0-9]{16}$/;
/** DHL eCommerce's JD numbers: JD and 18 digits. */
const DHL_ECOMMERCE = /^JD[0-9]{18}$/;
/** A UPU S10 postal item (`RR123456785GB`): 2 letters, 8 digits, their check digit, the country. */
const POSTAL_ITEM = /^[A-Z]{2}([0-9]{8})([0-9])[A-Z]{2}$/;
const POSTAL_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;
/**
 * More digits than any line prints (Evergreen's 12 are the most): postal and parcel numbers (USPS's 20 to
 * 22), bank accounts. A line's SCAC in front is not counted.
 */
const LONGER_THAN_ANY_LINE = /^[0-9]{15,}$/;
/** An IBAN: country, 2 check digits, the account (11 to 30 letters and digits), valid mod 97. */
const IBAN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;
/** EU VAT numbers and UK EORI numbers in their national shapes. */
const TAX_NUMBER =
  /^(?:DE[0-9]{9}|ATU[0-9]{8}|NL[0-9]{9}B[0-9]{2}|GB[0-9]{9}(?:[0-9]{3})?|FR[0-9A-Z]{2}[0-9]{9}|IT[0-9]{11}|BE0[0-9]{9})$/;

/** Why one word as typed (separators kept, wrapping gone) is another trade's number; else undefined. */
export function otherTradeWord(word: string): string | undefined {
  const upper = word.toUpperCase();
  if (US_CUSTOMS_ENTRY.test(upper)) return 'a US customs entry number, not a reference';
  if (SHOP_ORDER.test(upper)) return 'an order number, not a reference';
  if (GLUED_LABEL.test(upper)) return 'labelled as a number no carrier prints';
  if (US_PHONE_OR_TAX_ID.test(upper)) return 'a phone or US tax number, not a reference';
  if (DOTTED_TARIFF_LINE.test(upper)) return 'a tariff (HS) code, not a reference';
  // `MAEU-PO-4500012345`, `ORD-MAEU-091955`: a line's letters do not make an order a reference.
  const parts = upper.split(/[-.]/);
  if (parts.length > 1 && parts.some((part) => /^[A-Z]+$/.test(part) && labelOf(part) === 'not_carrier')) {
    return 'labelled inside as a number no carrier prints';
  }
  return undefined;
}

/**
 * Why a whole reference (letters and digits, upper case) is another trade's number; else undefined.
 * `firstWord` is its first word as typed, separators kept.
 */
export function otherTradeNumber(number: string, firstWord: string): string | undefined {
  if (
    AIR_WAYBILL.test(number) &&
    (AIRLINE_PREFIX_APART.test(firstWord) || CARGO_AIRLINE_PREFIXES.has(number.slice(0, 3))) &&
    Number(number.slice(3, 10)) % 7 === Number(number.charAt(10))
  ) {
    return 'an air waybill number, not a reference';
  }
  if (UN_NUMBER.test(number)) return 'a UN dangerous-goods number, not a reference';
  if (MOVEMENT_REFERENCE.test(number)) return 'a customs movement reference (MRN), not a reference';
  const imo = IMO_NUMBER.exec(number)?.[1];
  if (imo !== undefined && imoCheckDigit(imo) === Number(imo.charAt(6))) return 'an IMO ship number';
  if (VOYAGE_CODE.test(number) || VOYAGE_NUMBER.test(number)) return 'a voyage code, not a reference';
  if (UPS_NUMBER.test(number) || DHL_ECOMMERCE.test(number)) return 'a parcel tracking number';
  const postal = POSTAL_ITEM.exec(number);
  if (postal !== null && postalCheckDigit(postal[1] ?? '') === Number(postal[2])) {
    return 'a postal item number';
  }
  if (LONGER_THAN_ANY_LINE.test(number)) return 'more digits than any carrier prints';
  if (IBAN.test(number) && ibanRemainder(number) === 1) return 'an IBAN, not a reference';
  if (TAX_NUMBER.test(number)) return 'a VAT or EORI number, not a reference';
  return undefined;
}

function imoCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < 6; index++) sum += Number(digits.charAt(index)) * (7 - index);
  return sum % 10;
}

function postalCheckDigit(eight: string): number {
  let sum = 0;
  for (const [index, weight] of POSTAL_WEIGHTS.entries()) sum += Number(eight.charAt(index)) * weight;
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** ISO 13616: the first four characters moved to the end, letters as 10 to 35, the whole mod 97. */
function ibanRemainder(iban: string): number {
  let remainder = 0;
  for (const char of `${iban.slice(4)}${iban.slice(0, 4)}`) {
    const value = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}
