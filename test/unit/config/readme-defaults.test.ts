import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settings } from '../../../src/config/settings.ts';

/**
 * The README's settings tables give each variable's default; a newcomer trusts that column, so it
 * must say what the schema does when the variable is unset.
 */
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** Default cell of each documented variable (a row naming two variables gives both the same cell). */
const defaultCells = new Map(
  [...readme.matchAll(/^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) \| ([^|]*) \|/gm)].flatMap((row) =>
    [...(row[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((name) => [name[1], (row[2] ?? '').trim()] as const),
  ),
);

/** What the cell says a program left unconfigured uses: its first word or backticked value. */
const statedDefault = (cell: string): string => {
  const quoted = /^`([^`]*)`/.exec(cell);
  return quoted?.[1] ?? cell.split(/[\s(]/)[0] ?? '';
};

/** Cells that say "no value" for a setting whose schema has no default, or the value derived instead. */
const NO_VALUE_WORDS = new Set([
  'unset',
  'generated',
  'local',
  'empty',
  'http://<host>:<receiver port>/webhooks',
]);

const cases = Object.values(settings).map((setting) => {
  const parsed = setting.schema.safeParse(undefined);
  return { env: setting.env, value: parsed.success ? parsed.data : Symbol('invalid') };
});

describe('README settings defaults', () => {
  it.each(cases)('$env: the README states the default the schema applies', ({ env, value }) => {
    const cell = defaultCells.get(env);
    expect(cell, `${env} has no row`).toBeDefined();
    const stated = statedDefault(cell ?? '');
    if (value === undefined || (Array.isArray(value) && value.length === 0)) {
      expect(NO_VALUE_WORDS.has(stated), `${env}: "${cell}" should say it is unset`).toBe(true);
    } else {
      expect(stated).toBe(String(value));
    }
  });
});
