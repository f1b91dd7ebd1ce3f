import { PDFDocument } from 'pdf-lib';
import { createRandom, type Random } from '../samples/random.ts';
import { type Carrier, loadCarriers, loadPorts, type Port } from './catalog.ts';
import { BUILDERS } from './documents.ts';
import { degrade } from './raster.ts';
import { type FontFamily, type RenderStyle, renderPdf } from './render-pdf.ts';
import type { CorpusDocument, InputKind } from './truth.ts';
import { CORPUS_TYPES, type CorpusType, LANGUAGES, type Language } from './vocabulary.ts';

/**
 * The extraction corpus: which documents it holds and how each is made. Every document has its own seed,
 * derived from the corpus seed and its position, so changing one entry leaves the others as they were.
 */

export const CORPUS_SEED = 20_261_124;

export interface CorpusEntry {
  type: CorpusType;
  language: Language;
  kind: InputKind;
}

const IMAGE_KINDS: readonly Exclude<InputKind, 'text_pdf'>[] = [
  'image_pdf',
  'png',
  'jpeg',
  'tiff',
  'photo_sideways',
  'noisy_scan',
];

/**
 * Every type in every language as a text PDF; invoices and bills of lading (most of the traffic) twice
 * more. Each image kind gets every type once, and the languages rotate so every kind sees every language.
 */
export function corpusPlan(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  for (const type of CORPUS_TYPES) {
    for (const language of LANGUAGES) entries.push({ type, language, kind: 'text_pdf' });
  }
  for (const type of ['commercial_invoice', 'bill_of_lading', 'arrival_notice'] as const) {
    for (const language of LANGUAGES) entries.push({ type, language, kind: 'text_pdf' });
  }
  IMAGE_KINDS.forEach((kind, k) => {
    CORPUS_TYPES.forEach((type, t) => {
      entries.push({ type, language: LANGUAGES[(t + k) % LANGUAGES.length] as Language, kind });
    });
    // Invoices from every supplier country arrive scanned more than anything else.
    entries.push({
      type: 'commercial_invoice',
      language: LANGUAGES[(k + 3) % LANGUAGES.length] as Language,
      kind,
    });
    entries.push({
      type: 'bill_of_lading',
      language: LANGUAGES[(k + 4) % LANGUAGES.length] as Language,
      kind,
    });
  });
  return entries;
}

function renderStyle(random: Random, letter: boolean): RenderStyle {
  return {
    font: random.pick<FontFamily>(['helvetica', 'helvetica', 'times', 'courier']),
    size: random.pick([8, 8.5, 9, 9.5, 10, 11]),
    colon: random.chance(0.6),
    boldLabels: random.chance(0.5),
    letter,
    margin: random.int(36, 60),
  };
}

export interface GeneratedDocument {
  truth: CorpusDocument;
  bytes: Uint8Array;
}

export interface CorpusSources {
  ports: readonly Port[];
  carriers: readonly Carrier[];
}

export function loadSources(portsCsv: string | null, carriersJson: string | null): CorpusSources {
  return { ports: loadPorts(portsCsv), carriers: loadCarriers(carriersJson) };
}

/** Builds entry `index`; documents that become single images are redrawn until they fit one page. */
export async function generateDocument(
  entry: CorpusEntry,
  index: number,
  sources: CorpusSources,
): Promise<GeneratedDocument> {
  for (let attempt = 0; ; attempt += 1) {
    const random = createRandom(CORPUS_SEED + index * 7919 + attempt * 104_729);
    const plan = BUILDERS[entry.type]({ random, language: entry.language, ...sources });
    const style = renderStyle(random, plan.letterPaper);
    const pdf = await renderPdf(plan.blocks, style, plan.title);
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    const singleImage =
      entry.kind === 'png' ||
      entry.kind === 'jpeg' ||
      entry.kind === 'tiff' ||
      entry.kind === 'photo_sideways';
    if (singleImage && pages > 1 && attempt < 20) continue;
    const id = `${String(index + 1).padStart(3, '0')}-${entry.type.replace(/_/g, '-')}-${entry.language}-${entry.kind.replace(/_/g, '-')}`;
    const styleNote = `${style.font} ${style.size}pt`;
    if (entry.kind === 'text_pdf') {
      return {
        bytes: pdf,
        truth: {
          id,
          file: `${id}.pdf`,
          type: entry.type,
          language: entry.language,
          input_kind: entry.kind,
          variant: `${plan.variant}; ${styleNote}`,
          pages,
          fields: plan.fields,
        },
      };
    }
    const degraded = await degrade(pdf, entry.kind, random, plan.letterPaper);
    return {
      bytes: degraded.bytes,
      truth: {
        id,
        file: `${id}.${degraded.extension}`,
        type: entry.type,
        language: entry.language,
        input_kind: entry.kind,
        variant: `${plan.variant}; ${styleNote}; ${degraded.detail}`,
        pages: degraded.extension === 'pdf' ? pages : 1,
        fields: plan.fields,
      },
    };
  }
}
