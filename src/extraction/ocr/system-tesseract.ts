import { execFile, execFileSync } from 'node:child_process';
import type { OcrPage, OcrWord } from './ocr-lines.ts';

/**
 * The Debian `tesseract` command. One process per page, fed a PNG on stdin, answering TSV on stdout.
 * OpenMP is held to one thread: on a shared two-core machine its threads thrash (a dense page went from
 * 3.8 s to 20 s), and the pool already runs one page per core.
 */
const TESSERACT = 'tesseract';
// The child's environment, not a setting: what this process was started with (PATH, TESSDATA_PREFIX),
// with OpenMP held to one thread.
const ENV = { ...process.env, OMP_THREAD_LIMIT: '1' };

/** The languages the installed tesseract knows, or undefined when there is no `tesseract` command. */
export function probeSystemTesseract(): string[] | undefined {
  try {
    const out = execFileSync(TESSERACT, ['--list-langs'], { env: ENV, encoding: 'utf8', timeout: 10_000 });
    return out
      .split('\n')
      .slice(1)
      .map((lang) => lang.trim())
      .filter((lang) => /^[a-z_]+$/i.test(lang));
  } catch {
    return undefined;
  }
}

export function recognizeWithSystemTesseract(
  png: Buffer,
  languages: readonly string[],
  size: { width: number; height: number },
  timeoutMs: number,
): Promise<OcrPage> {
  const args = ['stdin', 'stdout', '-l', languages.join('+'), '--psm', '3', 'tsv'];
  return new Promise((resolve, reject) => {
    const child = execFile(
      TESSERACT,
      args,
      { env: ENV, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: Math.max(timeoutMs, 1) },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(`tesseract failed: ${error.killed ? 'out of time' : stderr.trim() || error.message}`),
          );
          return;
        }
        resolve({ words: parseTsv(stdout), ...size });
      },
    );
    child.stdin?.end(png);
  });
}

/** Level 5 rows of tesseract's TSV are words: level page block par line word left top width height conf text. */
export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const text = cols.slice(11).join('\t').trim();
    const confidence = Number(cols[10]);
    if (text.length === 0 || !(confidence >= 0)) continue;
    words.push({
      text,
      confidence,
      left: Number(cols[6]),
      top: Number(cols[7]),
      width: Number(cols[8]),
      height: Number(cols[9]),
      lineKey: `${cols[2]}.${cols[3]}.${cols[4]}`,
    });
  }
  return words;
}

export interface Orientation {
  /** Degrees to turn the page clockwise to make it upright: 0, 90, 180 or 270. */
  rotate: number;
  confidence: number;
}

/**
 * tesseract's orientation detection (`--psm 0`, the `osd` data Debian's tesseract-ocr installs with
 * it): a fraction of a second, against a full read for every way round. Undefined when it cannot tell.
 */
export function detectOrientation(png: Buffer, timeoutMs: number): Promise<Orientation | undefined> {
  return new Promise((resolve) => {
    const child = execFile(
      TESSERACT,
      ['stdin', 'stdout', '--psm', '0', '--dpi', '300'],
      { env: ENV, encoding: 'utf8', timeout: Math.max(timeoutMs, 1) },
      (error, stdout) => {
        if (error) {
          // "Too few characters" and a missing osd file both land here: the caller reads every way round.
          resolve(undefined);
          return;
        }
        resolve(parseOrientation(stdout));
      },
    );
    child.stdin?.end(png);
  });
}

export function parseOrientation(out: string): Orientation | undefined {
  const rotate = /^Rotate:\s*(\d+)/m.exec(out);
  const confidence = /^Orientation confidence:\s*([\d.]+)/m.exec(out);
  if (rotate === null || confidence === null) return undefined;
  return { rotate: Number(rotate[1]) % 360, confidence: Number(confidence[1]) };
}
