import type { TextLine } from '../pdf/layout-lines.ts';
import { meanConfidence, type OcrPage, ocrLines } from './ocr-lines.ts';
import { type PageImage, rotatePage } from './page-image.ts';
import {
  detectOrientation,
  type Orientation,
  probeSystemTesseract,
  recognizeWithSystemTesseract,
} from './system-tesseract.ts';
import { recognizeWithTesseractJs, TESSERACT_JS_LANGUAGES } from './tesseract-js.ts';

export type OcrEngineChoice = 'auto' | 'system' | 'tesseract.js';
export type OcrEngineName = 'system' | 'tesseract.js';

interface Engine {
  readonly name: OcrEngineName;
  readonly languages: readonly string[];
  recognize(image: PageImage, languages: readonly string[], timeoutMs: number): Promise<OcrPage>;
  /** Which way up the page is, when the engine can tell without reading it (tesseract's osd data). */
  orientation?: (image: PageImage, timeoutMs: number) => Promise<Orientation | undefined>;
}

let engine: Engine | undefined;
/** `STEVEDORE_OCR_ENGINE` from the config; the extraction pool hands it to each thread it starts. */
let choice: OcrEngineChoice = 'auto';

/** Sets the engine this thread will use (and forgets one already made, so a test can switch). */
export function useOcrEngine(chosen: OcrEngineChoice): void {
  choice = chosen;
  engine = undefined;
}

/**
 * The engine this thread uses: the system `tesseract` when it is installed (about twice as fast here),
 * otherwise tesseract.js; `STEVEDORE_OCR_ENGINE` forces one. Decided once per thread.
 */
export function ocrEngine(): Engine {
  if (engine !== undefined) return engine;
  const systemLanguages = choice === 'tesseract.js' ? undefined : probeSystemTesseract();
  if (choice === 'system' && (systemLanguages === undefined || !systemLanguages.includes('eng'))) {
    throw new Error('STEVEDORE_OCR_ENGINE=system but no tesseract command with English data is installed');
  }
  engine =
    systemLanguages?.includes('eng') === true
      ? {
          name: 'system',
          languages: systemLanguages,
          recognize: (image, languages, timeoutMs) =>
            recognizeWithSystemTesseract(image.png, languages, image, timeoutMs),
          ...(systemLanguages.includes('osd')
            ? {
                orientation: (image: PageImage, timeoutMs: number) => detectOrientation(image.png, timeoutMs),
              }
            : {}),
        }
      : {
          name: 'tesseract.js',
          languages: TESSERACT_JS_LANGUAGES,
          recognize: (image, languages) => recognizeWithTesseractJs(image.png, languages, image),
        };
  return engine;
}

const BUNDLED_LANGUAGES: ReadonlySet<string> = new Set(TESSERACT_JS_LANGUAGES);

// Below this mean word confidence (or with fewer words) a page may be sideways or upside down.
const UPRIGHT_CONFIDENCE = 70;
const UPRIGHT_MIN_WORDS = 6;

/** Words that mark a language: frequent, short, and rare in the other six. */
const MARKERS: Readonly<Record<string, readonly string[]>> = {
  fra: ['le', 'la', 'les', 'des', 'du', 'et', 'facture', 'pour', 'au', 'montant', 'numéro', 'date de'],
  deu: ['der', 'die', 'das', 'und', 'rechnung', 'für', 'mit', 'nr', 'betrag', 'datum', 'gesamt'],
  nld: ['het', 'een', 'van', 'en', 'factuur', 'voor', 'bedrag', 'totaal', 'datum', 'aan'],
  spa: ['el', 'los', 'las', 'del', 'y', 'factura', 'para', 'fecha', 'importe', 'número'],
  ita: ['il', 'gli', 'della', 'di', 'e', 'fattura', 'per', 'data', 'importo', 'totale'],
  // "porto", "peso", "valor", "reserva" and "embarque" are Italian or Spanish too; "das" is German.
  por: [
    'do',
    'dos',
    'ao',
    'não',
    'nao',
    'fatura',
    'navio',
    'viagem',
    'chegada',
    'conhecimento',
    'previsão',
    'previsao',
    'romaneio',
    'lacre',
    'emissão',
    'emissao',
  ],
  eng: ['the', 'and', 'of', 'to', 'for', 'invoice', 'date', 'total', 'no', 'amount', 'number'],
};

/** The document's language other than English, when its words say so clearly. */
export function likelyLanguage(text: string): string | undefined {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const counts = new Map<string, number>();
  for (const [lang, markers] of Object.entries(MARKERS)) {
    const set = new Set(markers);
    counts.set(lang, words.filter((word) => set.has(word)).length);
  }
  const english = counts.get('eng') ?? 0;
  let best: string | undefined;
  let bestCount = 0;
  for (const [lang, count] of counts) {
    if (lang !== 'eng' && count > bestCount) {
      best = lang;
      bestCount = count;
    }
  }
  return best !== undefined && bestCount >= 3 && bestCount > english ? best : undefined;
}

export interface OcrResult {
  lines: TextLine[];
  engine: OcrEngineName;
  languages: readonly string[];
  /** Degrees the page was turned clockwise before it read upright. */
  rotation: number;
}

/**
 * Reads one page image. English first; a page that reads poorly is tried turned by 90, 180 and 270
 * degrees and the best-read orientation kept; a page whose words say French, German, Dutch, Spanish,
 * Italian or Portuguese is read again with that language as well (accents and month names come out
 * right), by the bundled engine when the system one lacks the language. `engine` names the last reader.
 */
export async function recognizePage(
  image: PageImage,
  pageNumber: number,
  deadline: number,
): Promise<OcrResult> {
  const current = ocrEngine();
  const left = (): number => deadline - Date.now();
  let best = { page: await current.recognize(image, ['eng'], left()), image, rotation: 0 };
  let bestScore = score(best.page);
  const sideways = looksSideways(best.page);
  const runTogether = looksRunTogether(best.page);
  const wordCount = best.page.words.length;
  // A page read as nothing may be sideways (tesseract finds no line across it), so it is turned too; a
  // blank page reads as nothing every way round, quickly.
  if (
    sideways ||
    runTogether ||
    meanConfidence(best.page.words) < UPRIGHT_CONFIDENCE ||
    wordCount < UPRIGHT_MIN_WORDS
  ) {
    // tesseract reads a sideways page as vertical lines, and an upside-down one as words run together
    // in reverse order, often confidently: it has to be turned anyway.
    if (sideways || runTogether) bestScore = 0;
    const told = await current.orientation?.(image, left());
    const rotations = sideways ? [90, 270] : [90, 270, 180];
    // The engine's own orientation, when sure, is tried first and usually alone.
    if (told !== undefined && told.rotate !== 0 && told.confidence >= ORIENTATION_CONFIDENCE)
      rotations.sort((a, b) => Number(b === told.rotate) - Number(a === told.rotate));
    for (const rotation of rotations) {
      if (left() <= 0) break;
      const turned = await rotatePage(image, rotation);
      const page = await current.recognize(turned, ['eng'], left());
      const candidate = score(page);
      if (candidate > bestScore) {
        best = { page, image: turned, rotation };
        bestScore = candidate;
      }
      if (!looksSideways(page) && !looksRunTogether(page) && meanConfidence(page.words) >= UPRIGHT_CONFIDENCE)
        break;
    }
  }
  let languages: readonly string[] = ['eng'];
  let engine = current.name;
  const language = likelyLanguage(best.page.words.map((word) => word.text).join(' '));
  if (language !== undefined && current.languages.includes(language) && left() > 0) {
    languages = [language, 'eng'];
    best = { ...best, page: await current.recognize(best.image, languages, left()) };
  } else if (language !== undefined && BUNDLED_LANGUAGES.has(language) && left() > 0) {
    // The system tesseract was installed without this language's data (Debian packs each apart) while
    // the bundled engine has it: that page alone is read again by tesseract.js.
    languages = [language, 'eng'];
    engine = 'tesseract.js';
    best = { ...best, page: await recognizeWithTesseractJs(best.image.png, languages, best.image) };
  }
  return { lines: ocrLines(best.page, pageNumber), engine, languages, rotation: best.rotation };
}

// tesseract's own advice: below 2 its orientation guess is not to be relied on.
const ORIENTATION_CONFIDENCE = 2;
// Words this long are rare in any of the seven languages; a page where many are is read upside down.
const RUN_TOGETHER_LENGTH = 14;
const RUN_TOGETHER_SHARE = 0.25;

/** Many words run together without spaces: how tesseract reads lines turned upside down. */
function looksRunTogether(page: OcrPage): boolean {
  const words = page.words.filter((word) => word.text.length >= 3);
  if (words.length < UPRIGHT_MIN_WORDS) return false;
  return (
    words.filter((word) => word.text.length >= RUN_TOGETHER_LENGTH).length >=
    words.length * RUN_TOGETHER_SHARE
  );
}

/** Most words taller than wide: the text runs up or down the page. */
function looksSideways(page: OcrPage): boolean {
  const long = page.words.filter((word) => word.text.length >= 3);
  if (long.length === 0) return false;
  return long.filter((word) => word.height > word.width).length > long.length / 2;
}

// Confident words count, and more of them count more: a sideways page yields few, unsure ones.
const score = (page: OcrPage): number =>
  page.words.filter((word) => word.confidence >= 60 && /[\p{L}\d]{2,}/u.test(word.text)).length *
  meanConfidence(page.words);
