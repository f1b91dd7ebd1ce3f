import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createProgram, type ProgramDeps } from '../../../src/cli/program.ts';

/**
 * The README's Commands table is what a newcomer types from: every flag it shows must be one the
 * command takes, with the default its `--help` states, and every flag the command takes must be shown.
 */
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const commandsSection = readme.slice(readme.indexOf('## Commands'), readme.indexOf('## Settings'));

/** First cells of the table: `up [--port 4010] ...`, `dlq list [--queue intake\|events] ...`. */
const rows = [...commandsSection.matchAll(/^\| `([a-z](?:[^|\\]|\\\|)*?)`(?: \/ `([^`]*)`)? \|/gm)].map(
  (row) => {
    const cell = `${row[1] ?? ''} ${row[2] ?? ''}`.replaceAll('\\|', '|');
    const path = (row[1] ?? '').split(' ').filter((_word, index, words) =>
      // The command's words come before its first flag or argument.
      words.slice(0, index + 1).every((w) => /^[a-z]+$/.test(w)),
    );
    const flags = new Map<string, string | undefined>();
    for (const flag of cell.matchAll(/\[?(--[a-z-]+)(?: ([^\]\s[]+))?\]?/g)) {
      const name = flag[1] ?? '';
      const value = flag[2];
      if (!flags.has(name) || value !== undefined)
        flags.set(name, value?.startsWith('[') ? undefined : value);
    }
    return { name: path.join(' '), path, flags };
  },
);

const unused = () => {
  throw new Error('not used by --help');
};
const program = createProgram(
  {
    startWorker: unused,
    localQueues: { names: ['intake', 'events'] },
    rejected: {},
    output: { stdout: new PassThrough(), stderr: new PassThrough() },
    env: {},
    signal: new AbortController().signal,
    version: '0.0.0',
    // Only the program's shape is read: no command runs.
  } as unknown as ProgramDeps,
  () => undefined,
);

const find = (path: readonly string[]): Command | undefined =>
  path.reduce<Command | undefined>(
    (command, name) => command?.commands.find((c) => c.name() === name),
    program,
  );

describe('README Commands table', () => {
  it('has a row for every command', () => {
    const leaves = (command: Command, prefix: string[]): string[][] =>
      command.commands.length === 0
        ? [prefix]
        : command.commands.flatMap((child) => leaves(child, [...prefix, child.name()]));
    const documented = new Set(rows.map((row) => row.path.join(' ')));
    expect(leaves(program, []).filter((path) => !documented.has(path.join(' ')))).toEqual([]);
  });

  it.each(rows)('$name: the flags and defaults shown are the ones --help gives', ({ path, flags }) => {
    const command = find(path);
    expect(command, path.join(' ')).toBeDefined();
    const taken = (command?.options ?? []).map((option) => option.long).filter((long) => long !== '--help');
    expect([...flags.keys()].sort()).toEqual([...taken].sort());
    const help = command?.helpInformation() ?? '';
    for (const [flag, value] of flags) {
      // `[--queue intake|events]` names the choices and `[--features refresh,routing]` an example, not a
      // default; `--smtp-port N` a placeholder.
      if (value === undefined || /[|,]/.test(value) || /^[A-Z]+$/.test(value)) continue;
      const line = help.split('\n').findIndex((text) => text.trimStart().startsWith(flag));
      // A description may wrap onto the next lines.
      const described = help
        .split('\n')
        .slice(line, line + 3)
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(described, `${path.join(' ')} ${flag}`).toMatch(
        new RegExp(`default:? "?${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?`),
      );
    }
  });
});
