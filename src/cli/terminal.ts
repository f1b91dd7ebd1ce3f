import { createLogUpdate } from 'log-update';
import type { Output } from './output.ts';

/**
 * The screen of a long-running command: a status line (redrawn in place on a terminal, printed as
 * `progress: …` lines otherwise, so pipes and log collectors stay readable) and notes printed above it.
 */
export interface Terminal {
  readonly interactive: boolean;
  /** A line for the person, above the status line. */
  note(text: string): void;
  /** Replaces the status line. */
  status(text: string): void;
  /** Leaves the last status line on screen; later notes and lines print below it. */
  done(): void;
}

export const createTerminal = (output: Output): Terminal => {
  const interactive = output.stdout.isTTY === true;
  const redraw = interactive ? createLogUpdate(output.stdout) : undefined;
  let shown: string | undefined;
  return {
    interactive,
    note(text) {
      if (redraw === undefined || shown === undefined) {
        output.stderr.write(`${text}\n`);
        return;
      }
      // Take the status line away, print the note where it was, and draw the status line again below.
      redraw.clear();
      output.stderr.write(`${text}\n`);
      redraw(shown);
    },
    status(text) {
      if (redraw === undefined) {
        output.stdout.write(`progress: ${text}\n`);
        return;
      }
      shown = text;
      redraw(text);
    },
    done() {
      redraw?.done();
      shown = undefined;
    },
  };
};
