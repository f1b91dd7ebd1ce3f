import { parseDecimal } from './amounts.ts';

/** Weights and package counts as printed on packing lists, bills of lading and arrival notices. */

const NUMBER = String.raw`\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d{1,3})?|\d+(?:[.,]\d{1,3})?`;
const WEIGHT = new RegExp(
  String.raw`(?<![\d.,])(${NUMBER})\s*(kgs?|kgm|kilos?|kilograms?|lbs?|pounds?|mt|t|tonnes?|metric tons?)(?![A-Za-z])`,
  'i',
);

// Exact factors to kilograms, as decimal fractions so no binary rounding creeps in.
const POUND_IN_KG = { numerator: 45_359_237n, scale: 100_000_000n };

const WEIGHTS = new RegExp(WEIGHT.source, 'gi');
const isPounds = (unit: string): boolean => /^(?:lb|pound)/i.test(unit);

/**
 * A weight in kilograms as a decimal string; pounds are converted and rounded to grams. A weight given in
 * pounds and again in kilograms ("37,700 LBS (17,100.4 KG)") is the document's own kilogram figure.
 */
export function parseWeightKg(text: string): string | null {
  const all = [...text.matchAll(WEIGHTS)];
  const match = all.find((m) => !isPounds(m[2] ?? '')) ?? all[0];
  if (match === undefined) return parseBareWeight(text);
  const value = parseDecimal(match[1] ?? '');
  if (value === null) return null;
  const unit = (match[2] ?? '').toLowerCase();
  if (isPounds(unit)) return scaleDecimal(value, POUND_IN_KG, 3);
  if (unit === 'mt' || unit === 't' || unit.startsWith('ton') || unit.startsWith('metric')) {
    return scaleDecimal(value, { numerator: 1000n, scale: 1n }, fractionDigits(value));
  }
  return value;
}

// A value with no unit next to it counts only when the label already said kilograms ("Gross Weight (kg)").
function parseBareWeight(text: string): string | null {
  if (!/\bkgs?\b|kilo/i.test(text)) return null;
  const match = new RegExp(String.raw`(?<![\d.,])(${NUMBER})(?![\d])`).exec(text);
  return match === null ? null : parseDecimal(match[1] ?? '');
}

// English and the six other languages' package words: colis, Packstücke, colli, bultos, cajas, caixas...
const PACKAGE_UNITS = `packages?|pkgs?|pk|cartons?|ctns?|pallets?|plts?|cases?|crates?|boxe?s?|bags?|drums?|bundles?|rolls?|pieces?|pcs|units?|colis|caisses?|sacs?|packst[üu]cke?|kartons?|kisten?|paletten?|kolli|colli|pakken|dozen|stuks|bales?|reels?|coils?|skids?|sacks?|trays?|bultos|cajas?|palets?|sacos?|cartoni|bancali|sacchi|casse|caixas?|paletes?|fardos?|sacas?|volumes`;
const PACKAGE_COUNT = new RegExp(
  String.raw`(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d{1,3}(?:[.'’\u00a0\u202f ]\d{3})+|\d+)\s*(?:x\s*)?(?:${PACKAGE_UNITS})\b`,
  'i',
);
const BARE_INTEGER = /^\s*(\d{1,3}(?:,\d{3})+|\d{1,3}(?:[.'’\u00a0\u202f ]\d{3})+|\d+)\s*$/;

/** A count of packages: "120 CARTONS", "45 PKGS", or a bare integer when the label names packages. */
export function parsePackageCount(text: string): number | null {
  const match = PACKAGE_COUNT.exec(text) ?? BARE_INTEGER.exec(text);
  if (match === null) return null;
  // A count is whole: "1.120 CAJAS", "1'120 Kartons" and "1 120 colis" group thousands as "1,120 CARTONS" does.
  const count = Number((match[1] ?? '').replace(/[,.'’\s]/g, ''));
  return Number.isSafeInteger(count) ? count : null;
}

function fractionDigits(decimal: string): number {
  const dot = decimal.indexOf('.');
  return dot < 0 ? 0 : decimal.length - dot - 1;
}

/** decimal × factor, rounded half up to `digits` fraction digits, in exact integer arithmetic. */
function scaleDecimal(decimal: string, factor: { numerator: bigint; scale: bigint }, digits: number): string {
  const places = fractionDigits(decimal);
  const units = BigInt(decimal.replace('.', ''));
  const denominator = 10n ** BigInt(places) * factor.scale;
  const wanted = 10n ** BigInt(digits);
  const scaled = (units * factor.numerator * wanted * 2n + denominator) / (denominator * 2n);
  const text = scaled.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
