import type { PositionedText } from './layout-lines.ts';
import { plainCharacters } from './text-characters.ts';

/**
 * Text a PDF keeps outside its pages' content, where `getTextContent` never looks: the values of a filled
 * form (a bill of lading typed into a fillable template, as shippers and forwarders send them unflattened)
 * and text typed onto a page in a viewer (FreeText annotations). Each value is placed where the viewer
 * shows it, so it lines up with the label printed beside it.
 */

/** What this reads of a pdf.js annotation; every member is checked, since a hostile file sets them. */
interface AnnotationLike {
  readonly subtype?: unknown;
  readonly fieldType?: unknown;
  readonly fieldValue?: unknown;
  readonly textContent?: unknown;
  readonly contentsObj?: unknown;
  readonly rect?: unknown;
  readonly hidden?: unknown;
  readonly password?: unknown;
  readonly multiLine?: unknown;
  readonly defaultAppearanceData?: unknown;
}

/** A form's "auto" font size (0) is drawn to fit the box; a body text size is a fair stand-in. */
const AUTO_FONT_SIZE = 10;
/** The smallest and largest sizes believed: a hostile file can claim anything. */
const MIN_FONT_SIZE = 4;
const MAX_FONT_SIZE = 36;
/** Average glyph width of a proportional font, in em: only the cell's right edge depends on it. */
const GLYPH_WIDTH_EM = 0.5;
const LINE_SPACING_EM = 1.15;
/** Annotations read on one page; a page with more is a hostile file, not a form. */
const MAX_ANNOTATIONS = 2_000;
/** Values past this many lines or characters are not shipping fields; the rest is left out. */
const MAX_VALUE_LINES = 40;
const MAX_VALUE_CHARS = 4_000;

export function annotationTexts(annotations: readonly unknown[]): PositionedText[] {
  return annotations
    .slice(0, MAX_ANNOTATIONS)
    .flatMap((annotation) =>
      typeof annotation === 'object' && annotation !== null ? placed(annotation as AnnotationLike) : [],
    );
}

function placed(annotation: AnnotationLike): PositionedText[] {
  const lines = valueLines(annotation);
  const rect = boxOf(annotation.rect);
  if (lines.length === 0 || rect === undefined || annotation.hidden === true) return [];
  const [left, bottom, right, top] = rect;
  const height = top - bottom;
  const fontSize = fontSizeOf(annotation.defaultAppearanceData, height);
  const x = left + 2;
  const multiLine = annotation.multiLine === true || annotation.subtype === 'FreeText' || lines.length > 1;
  // One line sits in the middle of its box; several start at the top and go down.
  const firstBaseline = multiLine
    ? top - 2 - fontSize * 0.8
    : bottom + (height - fontSize) / 2 + fontSize * 0.2;
  return lines.map((text, n) => ({
    text,
    x,
    y: firstBaseline - n * fontSize * LINE_SPACING_EM,
    width: Math.min(text.length * fontSize * GLYPH_WIDTH_EM, Math.max(right - x, fontSize)),
    fontSize,
  }));
}

/** A filled text or choice field's value, or a typed-on note's text, as lines; nothing for the rest. */
function valueLines(annotation: AnnotationLike): string[] {
  let value: unknown;
  if (annotation.subtype === 'Widget') {
    // Passwords are secrets; buttons and signatures hold no field text.
    if (annotation.password === true) return [];
    if (annotation.fieldType === 'Tx') value = annotation.fieldValue;
    else if (annotation.fieldType === 'Ch') value = annotation.fieldValue;
    else return [];
  } else if (annotation.subtype === 'FreeText') {
    const contents = annotation.contentsObj;
    value =
      typeof contents === 'object' && contents !== null ? (contents as { str?: unknown }).str : undefined;
  } else {
    return [];
  }
  const text = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string').join(', ')
    : typeof value === 'string'
      ? value
      : '';
  return text
    .slice(0, MAX_VALUE_CHARS)
    .split(/\r\n|\r|\n/)
    .slice(0, MAX_VALUE_LINES)
    .map((line) => plainCharacters(line).trim())
    .filter((line) => line.length > 0);
}

function boxOf(rect: unknown): [number, number, number, number] | undefined {
  if (!Array.isArray(rect) || rect.length !== 4) return undefined;
  const [x1, y1, x2, y2] = rect.map(Number);
  if (![x1, y1, x2, y2].every((n) => n !== undefined && Number.isFinite(n))) return undefined;
  const box: [number, number, number, number] = [
    Math.min(x1 ?? 0, x2 ?? 0),
    Math.min(y1 ?? 0, y2 ?? 0),
    Math.max(x1 ?? 0, x2 ?? 0),
    Math.max(y1 ?? 0, y2 ?? 0),
  ];
  return box[3] - box[1] > 0 ? box : undefined;
}

function fontSizeOf(appearance: unknown, boxHeight: number): number {
  const declared =
    typeof appearance === 'object' && appearance !== null
      ? Number((appearance as { fontSize?: unknown }).fontSize)
      : Number.NaN;
  const size = Number.isFinite(declared) && declared > 0 ? declared : AUTO_FONT_SIZE;
  // A value is drawn inside its box, whatever size the field asks for.
  return Math.min(MAX_FONT_SIZE, Math.max(MIN_FONT_SIZE, Math.min(size, boxHeight * 0.8)));
}
