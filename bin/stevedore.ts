#!/usr/bin/env node
/**
 * The executable's composition root: with `interrupts.ts`, the only place that touches `process`, and
 * the one that hands the pipeline's worker, queues and folder layout to the command (src/ never imports
 * pipeline/).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CommanderError } from 'commander';
import { z } from 'zod';
import { localQueues } from '../pipeline/local-queues.ts';
import { startLocalWorker } from '../pipeline/local-worker.ts';
import { REJECTED_FOLDER } from '../pipeline/sources/folder-source.ts';
import { checkMail } from '../pipeline/sources/mail-check.ts';
import { REASON_SUFFIX } from '../pipeline/sources/set-aside.ts';
import { createProgram } from '../src/cli/program.ts';
import { abortOnInterrupt } from './interrupts.ts';

const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')));

// A second Ctrl-C exits at once: the next start on the data dir takes back what was in flight.
const signal = abortOnInterrupt();

const program = createProgram(
  {
    startWorker: startLocalWorker,
    checkMail,
    localQueues,
    rejected: {
      dirOf: (inbox: string) => join(dirname(inbox), REJECTED_FOLDER),
      reasonSuffix: REASON_SUFFIX,
    },
    output: { stdout: process.stdout, stderr: process.stderr },
    stdin: process.stdin,
    signal,
    version,
  },
  (code) => {
    process.exitCode = code;
  },
);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // Commander already printed usage errors and --help/--version output.
  process.exitCode = error instanceof CommanderError ? error.exitCode : 1;
}
