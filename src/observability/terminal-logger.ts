import { join } from 'node:path';
import { pino } from 'pino';
import { humanLine } from './human-line.ts';
import { createLogger, type Logger, type LogLevel } from './logger.ts';
import { RotatingFile } from './rotating-file.ts';

/** Where `stevedore up` writes its log lines when a person watches the terminal; relative to the data dir. */
export const LOG_FILE = join('logs', 'stevedore.log');

export interface TerminalLogger {
  readonly logger: Logger;
  /** Where every line goes. */
  readonly file: string;
  close(): void;
}

/**
 * For a person at a terminal: every log line goes to `file` as JSON (bounded, see `RotatingFile`), and
 * warnings and errors also reach `note` as one short human line each, so a screen of JSON never scrolls
 * the live progress away.
 */
export const createTerminalLogger = (options: {
  level: LogLevel;
  name: string;
  file: string;
  note: (text: string) => void;
}): TerminalLogger => {
  const file = new RotatingFile(options.file);
  const human = {
    write(json: string): void {
      const text = humanLine(json);
      if (text !== undefined) options.note(text);
    },
  };
  const destination = pino.multistream([
    // The logger's own level already filters; the file takes whatever passes it.
    { level: 'trace', stream: file },
    { level: 'warn', stream: human },
  ]);
  return {
    logger: createLogger({ level: options.level, name: options.name, destination }),
    file: options.file,
    close: () => file.close(),
  };
};
