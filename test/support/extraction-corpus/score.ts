import { normalizeContainerNumber } from '../../../src/domain/iso6346.ts';
import {
  type CorpusDocument,
  FIELD_KINDS,
  type FieldKind,
  type PortTruth,
  type TruthValue,
  TYPE_FIELDS,
} from './truth.ts';

/**
 * Scores extraction results against the corpus truth. Per document: is the type right, and per field of
 * the document's true type a count of true positives, false positives (a wrong or invented value) and
 * false negatives (a value missed). A wrong value counts as both a false positive and a false negative.
 * Lists (containers, seals) count per element. Fields are looked up in the payload whatever type the
 * engine chose, so a wrong type costs only the fields its payload lacks.
 */

export interface Prediction {
  ok: boolean;
  documentType: string | null;
  payload: Record<string, unknown> | null;
  /** The failure reason when `ok` is false. */
  reason?: string;
}

export interface FieldOutcome {
  field: string;
  tp: number;
  fp: number;
  fn: number;
  /** The truth had this field and the prediction matched it exactly (as a set for lists). */
  exact: boolean;
  /** The truth had this field. */
  expected: boolean;
}

export interface DocumentScore {
  document: CorpusDocument;
  predictedType: string | null;
  typeCorrect: boolean;
  failure: string | null;
  fields: FieldOutcome[];
}

/** Other names a payload may use for a field; the first is the issue's name. */
const FIELD_ALIASES: Readonly<Record<string, readonly string[]>> = {
  vessel_name: ['vessel_name', 'vessel'],
  voyage_number: ['voyage_number', 'voyage'],
  shipper: ['shipper', 'shipper_name'],
  consignee: ['consignee', 'consignee_name'],
  notify_party: ['notify_party', 'notify_party_name'],
  supplier_name: ['supplier_name', 'supplier', 'seller_name'],
  total_amount: ['total_amount', 'total'],
  package_count: ['package_count', 'total_packages'],
  gross_weight_kg: ['gross_weight_kg', 'total_gross_weight_kg'],
  seal_numbers: ['seal_numbers', 'seals'],
  bill_of_lading_number: ['bill_of_lading_number', 'bl_number'],
  delivery_order_number: ['delivery_order_number'],
  booking_number: ['booking_number'],
};

function lookup(payload: Record<string, unknown> | null, field: string): unknown {
  if (payload === null) return null;
  for (const name of FIELD_ALIASES[field] ?? [field]) {
    const value = payload[name];
    if (value !== undefined && value !== null) return value;
  }
  return null;
}

const collapse = (value: string): string => value.normalize('NFC').replace(/\s+/g, ' ').trim();
const normalizeName = (value: string): string =>
  collapse(value)
    .toLowerCase()
    .replace(/[.,;:]+$/, '');
const normalizeId = (value: string): string => value.normalize('NFC').replace(/\s+/g, '').toUpperCase();

function normalizeDecimal(value: string): string | null {
  const match = /^(-?)0*(\d*)(?:\.(\d*?)0*)?$/.exec(value.trim());
  if (match === null) return null;
  const whole = match[2] === '' ? '0' : match[2];
  const fraction = match[3] ?? '';
  return `${match[1]}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** A scalar from a payload value: strings as they are, numbers as text, objects by their name. */
function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'object' && value !== null && 'name' in value)
    return scalar((value as { name: unknown }).name);
  return null;
}

function list(value: unknown): string[] {
  if (!Array.isArray(value)) {
    const one = scalar(value);
    return one === null ? [] : [one];
  }
  return value
    .map((item) =>
      typeof item === 'object' && item !== null && 'number' in item
        ? scalar((item as { number: unknown }).number)
        : scalar(item),
    )
    .filter((item): item is string => item !== null);
}

function matchesPort(truth: PortTruth, value: unknown): boolean {
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const code = scalar(record.locode ?? record.unlocode ?? null);
    if (code !== null) return normalizeId(code) === truth.locode;
  }
  const printed = scalar(value);
  if (printed === null) return false;
  if (normalizeId(printed) === truth.locode) return true;
  const name = normalizeName(truth.name);
  const text = normalizeName(printed);
  // "Rotterdam", "ROTTERDAM, NL", "Rotterdam (NLRTM)", "NLRTM - Rotterdam" all name the port.
  const stripped = text
    .replace(new RegExp(`\\(?${truth.locode.toLowerCase()}\\)?`), '')
    .replace(/^[\s-]+|[\s-]+$/g, '')
    .replace(/,\s*[a-z]{2}$/, '')
    .trim();
  return stripped === name;
}

// Alternative SCACs a carrier also prints or files under (MSC's bills of lading carry MEDU).
const SCAC_EQUIVALENTS: Readonly<Record<string, string>> = { MEDU: 'MSCU' };
const canonicalScac = (value: string): string => SCAC_EQUIVALENTS[value] ?? value;

function scalarMatches(kind: FieldKind, truth: TruthValue, value: unknown): boolean {
  if (kind === 'port') return matchesPort(truth as PortTruth, value);
  const got = scalar(value);
  if (got === null) return false;
  switch (kind) {
    case 'id':
    case 'currency':
      return normalizeId(got) === normalizeId(String(truth));
    case 'scac':
      return canonicalScac(normalizeId(got)) === canonicalScac(normalizeId(String(truth)));
    case 'name':
      return normalizeName(got) === normalizeName(String(truth));
    case 'date':
      return got.trim() === truth;
    case 'decimal':
      return normalizeDecimal(got) !== null && normalizeDecimal(got) === normalizeDecimal(String(truth));
    case 'integer':
      return Number(got) === Number(truth);
    default:
      return false;
  }
}

function present(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  return scalar(value) !== null || (typeof value === 'object' && Object.keys(value).length > 0);
}

export function scoreField(field: string, truth: TruthValue | undefined, value: unknown): FieldOutcome {
  const kind = FIELD_KINDS[field] ?? 'name';
  const expected = truth !== undefined;
  if (kind === 'containers' || kind === 'list') {
    const normalize = kind === 'containers' ? normalizeContainerNumber : normalizeId;
    const want = new Set((expected ? (truth as readonly string[]) : []).map(normalize));
    const got = new Set(list(value).map(normalize));
    const tp = [...got].filter((item) => want.has(item)).length;
    const fp = got.size - tp;
    const fn = want.size - tp;
    return { field, tp, fp, fn, exact: expected && fp === 0 && fn === 0, expected };
  }
  const has = present(value);
  if (!expected) return { field, tp: 0, fp: has ? 1 : 0, fn: 0, exact: false, expected };
  if (!has) return { field, tp: 0, fp: 0, fn: 1, exact: false, expected };
  const right = scalarMatches(kind, truth, value);
  return { field, tp: right ? 1 : 0, fp: right ? 0 : 1, fn: right ? 0 : 1, exact: right, expected };
}

/**
 * A port as the payload gives it: its printed name and, where the payload carries one, the UN/LOCODE
 * the engine resolved (`port_of_loading_locode`). The code is the normalized value the issue asks for,
 * so a right code counts even when OCR garbled the printed name ("FRLEH-LeHavre").
 */
function withLocode(payload: Record<string, unknown> | null, field: string): unknown {
  const value = lookup(payload, field);
  if (FIELD_KINDS[field] !== 'port' || payload === null) return value;
  const locode = payload[`${field}_locode`];
  return typeof locode === 'string' && typeof value === 'string' ? { name: value, locode } : value;
}

export function scoreDocument(document: CorpusDocument, prediction: Prediction): DocumentScore {
  const payload = prediction.ok ? prediction.payload : null;
  return {
    document,
    predictedType: prediction.ok ? prediction.documentType : null,
    typeCorrect: prediction.ok && prediction.documentType === document.type,
    failure: prediction.ok ? null : (prediction.reason ?? 'failed'),
    fields: TYPE_FIELDS[document.type].map((field) =>
      scoreField(field, document.fields[field], withLocode(payload, field)),
    ),
  };
}

export interface Summary {
  documents: number;
  failures: number;
  classificationAccuracy: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

export function summarize(scores: readonly DocumentScore[]): Summary {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const score of scores) {
    for (const field of score.fields) {
      tp += field.tp;
      fp += field.fp;
      fn += field.fn;
    }
  }
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  return {
    documents: scores.length,
    failures: scores.filter((s) => s.failure !== null).length,
    classificationAccuracy: ratio(scores.filter((s) => s.typeCorrect).length, scores.length),
    tp,
    fp,
    fn,
    precision,
    recall,
    // No field to find and none invented is a perfect score, not zero.
    f1: tp + fp + fn === 0 ? 1 : ratio(2 * precision * recall, precision + recall),
  };
}

export function groupBy(
  scores: readonly DocumentScore[],
  key: (score: DocumentScore) => string,
): Map<string, DocumentScore[]> {
  const groups = new Map<string, DocumentScore[]>();
  for (const score of scores) {
    const name = key(score);
    groups.set(name, [...(groups.get(name) ?? []), score]);
  }
  return groups;
}

export interface FieldSummary {
  field: string;
  expected: number;
  exact: number;
  exactMatch: number;
  invented: number;
}

/** Per field: how often the expected value came out exactly, and how often a value was invented. */
export function summarizeFields(scores: readonly DocumentScore[]): FieldSummary[] {
  const byField = new Map<string, FieldSummary>();
  for (const score of scores) {
    for (const outcome of score.fields) {
      const entry = byField.get(outcome.field) ?? {
        field: outcome.field,
        expected: 0,
        exact: 0,
        exactMatch: 0,
        invented: 0,
      };
      if (outcome.expected) entry.expected += 1;
      if (outcome.exact) entry.exact += 1;
      if (!outcome.expected && outcome.fp > 0) entry.invented += 1;
      byField.set(outcome.field, entry);
    }
  }
  return [...byField.values()].map((entry) => ({ ...entry, exactMatch: ratio(entry.exact, entry.expected) }));
}

const f2 = (n: number): string => n.toFixed(2);

/** The benchmark table: one row per group, the same columns everywhere. */
export function formatSummaryTable(
  title: string,
  groups: ReadonlyMap<string, readonly DocumentScore[]>,
): string {
  const rows = [...groups.entries()].map(([name, group]) => {
    const s = summarize(group);
    return [
      name,
      String(s.documents),
      String(s.failures),
      f2(s.classificationAccuracy),
      f2(s.precision),
      f2(s.recall),
      f2(s.f1),
    ];
  });
  const header = [title, 'docs', 'failed', 'class_acc', 'field_P', 'field_R', 'field_F1'];
  return formatTable(header, rows);
}

export function formatFieldTable(scores: readonly DocumentScore[]): string {
  const rows = summarizeFields(scores).map((f) => [
    f.field,
    String(f.expected),
    f2(f.exactMatch),
    String(f.invented),
  ]);
  return formatTable(['field', 'expected', 'exact_match', 'invented'], rows);
}

export function formatTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
