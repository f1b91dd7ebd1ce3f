import { mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { OcrPage, OcrWord } from './ocr-lines.ts';

/**
 * tesseract.js (WebAssembly), fully offline: the trained data comes from the @tesseract.js-data
 * packages installed with the project, never from a CDN. One worker per thread, created on first use and
 * kept for the next documents; it is re-initialised only when the languages change.
 */
export const TESSERACT_JS_LANGUAGES = ['eng', 'fra', 'deu', 'nld', 'spa', 'ita', 'por'] as const;
/** The integer "best" models: 3 MB for English, as accurate here as the 11 MB float ones. */
const MODEL_FOLDER = '4.0.0_best_int';

const require = createRequire(import.meta.url);

let dataDir: string | undefined;
let worker: Promise<Worker> | undefined;
let loadedLanguages = '';

/**
 * tesseract.js reads every language from one folder, while each language is its own package, so the
 * packages' files are linked into one folder under the system temp directory (links only, no copies).
 */
function languageDataDir(): string {
  if (dataDir !== undefined) return dataDir;
  const dir = join(tmpdir(), `stevedore-tessdata-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  for (const lang of TESSERACT_JS_LANGUAGES) {
    const packageDir = dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    try {
      symlinkSync(
        join(packageDir, MODEL_FOLDER, `${lang}.traineddata.gz`),
        join(dir, `${lang}.traineddata.gz`),
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  dataDir = dir;
  return dir;
}

async function workerFor(languages: readonly string[]): Promise<Worker> {
  const wanted = languages.join('+');
  if (worker === undefined) {
    loadedLanguages = wanted;
    worker = (async () => {
      const created = await createWorker(wanted, OEM.LSTM_ONLY, {
        langPath: languageDataDir(),
        gzip: true,
        cacheMethod: 'none',
      });
      // The default reads straight across columns; automatic segmentation keeps them apart.
      await created.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
      return created;
    })();
    worker.catch(() => {
      worker = undefined;
    });
  }
  const ready = await worker;
  if (loadedLanguages !== wanted) {
    loadedLanguages = wanted;
    await ready.reinitialize(wanted, OEM.LSTM_ONLY);
    await ready.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  }
  return ready;
}

export async function recognizeWithTesseractJs(
  png: Buffer,
  languages: readonly string[],
  size: { width: number; height: number },
): Promise<OcrPage> {
  const ready = await workerFor(languages);
  const { data } = await ready.recognize(png, {}, { blocks: true, text: false });
  const words: OcrWord[] = [];
  (data.blocks ?? []).forEach((block, b) => {
    block.paragraphs.forEach((paragraph, p) => {
      paragraph.lines.forEach((line, l) => {
        for (const word of line.words) {
          words.push({
            text: word.text,
            confidence: word.confidence,
            left: word.bbox.x0,
            top: word.bbox.y0,
            width: word.bbox.x1 - word.bbox.x0,
            height: word.bbox.y1 - word.bbox.y0,
            lineKey: `${b}.${p}.${l}`,
          });
        }
      });
    });
  });
  return { words, ...size };
}

/** Ends this thread's worker; tests and benchmarks call it so the process can exit. */
export async function stopTesseractJs(): Promise<void> {
  const current = worker;
  worker = undefined;
  loadedLanguages = '';
  if (current !== undefined) await (await current).terminate();
}
