import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settings } from '../../../src/config/settings.ts';

/** The README's settings tables are what users read; each variable of the schema must be in one. */
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const documented = new Set(
  [...readme.matchAll(/^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) \|/gm)].flatMap((row) =>
    [...(row[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]),
  ),
);

describe('README settings tables', () => {
  it.each(Object.values(settings).map((setting) => setting.env))('document %s', (env) => {
    expect(documented.has(env)).toBe(true);
  });

  it('document no variable the schema does not know', () => {
    const known = new Set<string | undefined>(Object.values(settings).map((setting) => setting.env));
    expect([...documented].filter((env) => !known.has(env))).toEqual([]);
  });
});
