import { ValidationError } from '../../domain/errors.ts';
import type { DefinitionRecord, OptionRecord } from './custom-field-store.ts';
import { MAX_PATTERN_SUBJECT_LENGTH, patternProblem } from './validation-pattern.ts';

/**
 * What a custom field value may be for its definition's data type, and how it reads (`display_value`),
 * as the upstream's Custom Fields page tabulates them. A value that breaks a rule is a 422 on
 * `/data/attributes/value`.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/;

const invalid = (detail: string): ValidationError =>
  new ValidationError(detail, {}, { pointer: '/data/attributes/value', code: 'invalid' });

/**
 * The most a value (or a definition's `validation` or `default_value`) may take as JSON. Values are any
 * JSON: without a bound, each could take the whole 1 MiB body, and a page of 100 such fields made a
 * 100 MB answer that the service built on its one thread. With MAX_DEFINITIONS_PER_ENTITY_TYPE, one
 * entity's fields stay within a few megabytes.
 */
export const MAX_CUSTOM_FIELD_JSON_BYTES = 16_384;

/** A 422 on `pointer` when `value` takes more than MAX_CUSTOM_FIELD_JSON_BYTES as JSON. */
export function checkJsonSize(value: unknown, pointer: string): void {
  if (value === undefined) return;
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  if (bytes > MAX_CUSTOM_FIELD_JSON_BYTES) {
    throw new ValidationError(
      `${pointer.split('/').at(-1)} takes ${bytes} bytes as JSON; at most ${MAX_CUSTOM_FIELD_JSON_BYTES} are allowed`,
      {},
      { pointer, code: 'invalid' },
    );
  }
}

/** A definition's `validation`, refused with a 422 on its pattern when that could stall the service. */
export function checkValidation(validation: Record<string, unknown> | null | undefined): void {
  const pattern = validation?.pattern;
  if (typeof pattern !== 'string') return;
  const problem = patternProblem(pattern);
  if (problem !== undefined) {
    throw new ValidationError(
      problem,
      {},
      { pointer: '/data/attributes/validation/pattern', code: 'invalid' },
    );
  }
}

/** Checks `value` against the definition (type, options, `required`, `max_length`, `pattern`). */
export function checkValue(
  definition: DefinitionRecord,
  options: readonly OptionRecord[],
  value: unknown,
): void {
  checkJsonSize(value, '/data/attributes/value');
  const rules = definition.validation ?? {};
  if (value === null || value === undefined) {
    if (rules.required === true) {
      throw new ValidationError(
        `Value can't be blank for ${definition.apiSlug}`,
        {},
        {
          pointer: '/data/attributes/value',
          code: 'blank',
        },
      );
    }
    return;
  }
  const allowed = new Set(options.map((option) => option.value));
  switch (definition.dataType) {
    case 'short_text': {
      if (typeof value !== 'string') throw invalid(`Value must be text for ${definition.apiSlug}`);
      const max = typeof rules.max_length === 'number' ? rules.max_length : undefined;
      if (max !== undefined && value.length > max) throw invalid(`Value is longer than ${max} characters`);
      if (typeof rules.pattern === 'string' && value.length > MAX_PATTERN_SUBJECT_LENGTH) {
        throw invalid(
          `Value is longer than ${MAX_PATTERN_SUBJECT_LENGTH} characters, the most a pattern is checked on`,
        );
      }
      if (typeof rules.pattern === 'string' && !safePattern(rules.pattern).test(value)) {
        throw invalid(`Value does not match ${rules.pattern}`);
      }
      return;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw invalid(`Value must be a number for ${definition.apiSlug}`);
      return;
    case 'date':
      if (typeof value !== 'string' || !DAY.test(value) || Number.isNaN(Date.parse(value))) {
        throw invalid(`Value must be a date (YYYY-MM-DD) for ${definition.apiSlug}`);
      }
      return;
    case 'datetime':
      if (typeof value !== 'string' || !DATETIME.test(value)) {
        throw invalid(`Value must be a date and time (YYYY-MM-DD HH:MM:SS) for ${definition.apiSlug}`);
      }
      return;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(`Value must be true or false for ${definition.apiSlug}`);
      return;
    case 'enum':
      if (typeof value !== 'string' || !allowed.has(value)) {
        throw invalid(
          `Value must be one of the options of ${definition.apiSlug}: ${[...allowed].join(', ')}`,
        );
      }
      return;
    case 'enum_multi':
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && allowed.has(item))) {
        throw invalid(`Value must be a list of options of ${definition.apiSlug}: ${[...allowed].join(', ')}`);
      }
      return;
    default:
      return;
  }
}

/**
 * A definition's `pattern` is the account's own; one that is not a valid expression, or that could stall
 * the service (stored before such patterns were refused), matches nothing.
 */
const safePattern = (pattern: string): RegExp => {
  if (patternProblem(pattern) !== undefined) return /$^/;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return /$^/;
  }
};

/** The value as the dashboard shows it. */
export function displayValue(
  definition: DefinitionRecord | undefined,
  options: readonly OptionRecord[],
  value: unknown,
): string | null {
  if (value === null || value === undefined) return null;
  const label = (raw: unknown): string =>
    options.find((option) => option.value === raw)?.label ?? String(raw);
  switch (definition?.dataType) {
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'number': {
      const places = Number(definition.defaultFormat);
      return typeof value === 'number' && Number.isInteger(places) && places >= 0 && places <= 6
        ? value.toFixed(places)
        : String(value);
    }
    case 'enum':
      return label(value);
    case 'enum_multi':
      return Array.isArray(value) ? value.map(label).join(', ') : String(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}
