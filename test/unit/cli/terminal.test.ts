import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTerminal } from '../../../src/cli/terminal.ts';

/** Both streams write into one transcript, in order, as they would on one screen. */
const screen = (interactive: boolean) => {
  const transcript: Array<{ stream: 'stdout' | 'stderr'; text: string }> = [];
  const stream = (name: 'stdout' | 'stderr') =>
    Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          transcript.push({ stream: name, text: chunk.toString('utf8') });
          done();
        },
      }),
      interactive ? { isTTY: true, columns: 100, rows: 30 } : {},
    );
  return { transcript, output: { stdout: stream('stdout'), stderr: stream('stderr') } };
};

const visible = (text: string): string => stripVTControlCharacters(text);

describe('createTerminal', () => {
  it('on a terminal, prints a note where the status line was and draws the status line again below it', () => {
    const { transcript, output } = screen(true);
    const terminal = createTerminal(output);
    expect(terminal.interactive).toBe(true);
    terminal.status('queued 1');
    terminal.note('warning [folder] file set aside');
    terminal.done();
    const shown = transcript.map((entry) => ({ stream: entry.stream, text: visible(entry.text) }));
    const noteAt = shown.findIndex((entry) => entry.text.includes('file set aside'));
    expect(shown[noteAt]).toEqual({ stream: 'stderr', text: 'warning [folder] file set aside\n' });
    expect(shown.slice(0, noteAt).some((entry) => entry.text.includes('queued 1'))).toBe(true);
    expect(shown.slice(noteAt + 1).some((entry) => entry.text.includes('queued 1'))).toBe(true);
  });

  it('off a terminal, prints progress lines on stdout and notes on stderr, nothing redrawn', () => {
    const { transcript, output } = screen(false);
    const terminal = createTerminal(output);
    expect(terminal.interactive).toBe(false);
    terminal.status('queued 1');
    terminal.note('a note');
    terminal.done();
    expect(transcript).toEqual([
      { stream: 'stdout', text: 'progress: queued 1\n' },
      { stream: 'stderr', text: 'a note\n' },
    ]);
  });
});
