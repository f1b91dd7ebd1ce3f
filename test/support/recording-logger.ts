import pino from 'pino';
import { z } from 'zod';
import type { Logger } from '../../src/observability/logger.ts';

const logLine = z.object({ level: z.number(), msg: z.string() });

/** A real pino logger at debug level whose lines land in `lines` as "<level> <msg>". */
export const recordingLogger = (lines: string[]): Logger =>
  pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        const { level, msg } = logLine.parse(JSON.parse(line));
        lines.push(`${pino.levels.labels[level] ?? level} ${msg}`);
      },
    },
  );
