import {
  BOOKING_CONFIRMATION_EVIDENCE,
  DELIVERY_ORDER_EVIDENCE,
  PACKING_LIST_EVIDENCE,
} from './classification/cargo-evidence.ts';
import { INVOICE_EVIDENCE } from './classification/invoice-evidence.ts';
import { OTHER_TITLES } from './classification/other-titles.ts';
import { addStructuralBonuses } from './classification/structure.ts';
import { matchTitle, TITLE_WEIGHT, type TitleCell, titleCell } from './classification/title-match.ts';
import { ARRIVAL_NOTICE_EVIDENCE, BILL_OF_LADING_EVIDENCE } from './classification/transport-evidence.ts';
import type { ClassifiedType, TypeEvidence } from './classification/type-evidence.ts';
import type { DocumentText } from './document-text.ts';
import type { DocumentType } from './document-type.ts';
import { foldText } from './parse/language.ts';
import { CELL_SEPARATOR } from './pdf/layout-lines.ts';

/**
 * Classification by weighted evidence. A title (a short heading naming the document, in any of the six
 * languages) weighs most, more in the page header and more when set larger than the body text. Field
 * labels and structural cues each add their weight; a few combinations typical of one type (totals with
 * VAT or a bank account on an invoice; shipper, consignee and ports on a B/L) add a bonus. The best score
 * wins if it is high enough and far enough ahead of the runner-up; otherwise the document is `other`.
 */

const HEADER_LINES = 8;
const HEADER_BONUS = 3;
const STRONG_TITLE = TITLE_WEIGHT + HEADER_BONUS;
const LARGE_TEXT_RATIO = 1.3;
const LARGE_TEXT_BONUS = 2;
// Without a title, the evidence must reach this score and lead the runner-up by this much.
const MIN_SCORE_WITHOUT_TITLE = 6;
const MIN_MARGIN = 2.5;
// Per cue, a cap so one type's long vocabulary cannot drown a title.
const MAX_CUE_SCORE = 14;

const EVIDENCE: Readonly<Record<ClassifiedType, TypeEvidence>> = {
  commercial_invoice: INVOICE_EVIDENCE,
  bill_of_lading: BILL_OF_LADING_EVIDENCE,
  arrival_notice: ARRIVAL_NOTICE_EVIDENCE,
  packing_list: PACKING_LIST_EVIDENCE,
  delivery_order: DELIVERY_ORDER_EVIDENCE,
  booking_confirmation: BOOKING_CONFIRMATION_EVIDENCE,
};

export interface Classification {
  documentType: DocumentType;
  /** 0..1: how far the decision stands above the alternatives. */
  confidence: number;
  notes: string;
}

interface Score {
  type: ClassifiedType;
  title: string | null;
  titleScore: number;
  cues: string[];
  cueScore: number;
  total: number;
}

export function classifyDocument(text: DocumentText): Classification {
  const haystack = ` ${foldText(text.plain).replace(/[^a-z0-9#]+/g, ' ')} `;
  const bodySize = medianFontSize(text);
  const types = Object.keys(EVIDENCE) as ClassifiedType[];
  const cells = titleCellsOf(text);
  const scores = types.map((type) => scoreType(type, cells, haystack, bodySize));
  addStructuralBonuses(scores, text.plain);
  // A title in the page header outweighs any pile of cues: an arrival notice or a delivery order repeats
  // most of a B/L's labels. Among such titles the stronger wins; otherwise the evidence totals decide.
  const rank = (s: Score): number =>
    s.titleScore >= STRONG_TITLE ? 1000 + s.titleScore * 10 + s.total : s.total;
  scores.sort((a, b) => rank(b) - rank(a) || b.titleScore - a.titleScore);
  const [best, runnerUp] = scores;
  if (best === undefined || best.total === 0) {
    return { documentType: 'other', confidence: 0, notes: 'no title and no cues of a known type' };
  }
  const otherTitle = strongestTitle(cells, OTHER_TITLES, bodySize, true);
  if (otherTitle !== null && otherTitle.score > best.titleScore) {
    return {
      documentType: 'other',
      confidence: 0.5,
      notes: `title '${otherTitle.title.toUpperCase()}' names a paper of none of the types`,
    };
  }
  const margin = best.total - (runnerUp?.total ?? 0);
  const confidence =
    Math.round(Math.max(0, Math.min(1, margin / (best.total + 1) + (best.title !== null ? 0.5 : 0))) * 100) /
    100;
  const cueNote = `${best.cues.length} supporting cue${best.cues.length === 1 ? '' : 's'}`;
  if (best.title !== null && (margin > 0 || best.titleScore > (runnerUp?.titleScore ?? 0))) {
    return {
      documentType: best.type,
      confidence,
      notes: `title '${best.title.toUpperCase()}'; ${cueNote}; confidence ${confidence}`,
    };
  }
  if (best.total >= MIN_SCORE_WITHOUT_TITLE && margin >= MIN_MARGIN) {
    return {
      documentType: best.type,
      confidence,
      notes: `no title; ${cueNote} (${best.cues.slice(0, 4).join(', ')}); confidence ${confidence}`,
    };
  }
  return {
    documentType: 'other',
    confidence: 0,
    notes: `no clear title; closest is ${best.type} with ${cueNote}, too little to decide`,
  };
}

/** Every cell part that could be a title, prepared once for all the types. */
interface TitleCandidate {
  readonly cell: TitleCell;
  readonly inHeader: boolean;
  readonly fontSize: number;
}

function titleCellsOf(text: DocumentText): TitleCandidate[] {
  const candidates: TitleCandidate[] = [];
  text.lines.forEach((line, index) => {
    const inHeader = index < HEADER_LINES;
    for (const cell of line.cells) {
      for (const part of cell.text.split(CELL_SEPARATOR)) {
        const prepared = titleCell(part);
        if (prepared !== null) candidates.push({ cell: prepared, inHeader, fontSize: cell.fontSize });
      }
    }
  });
  return candidates;
}

function scoreType(
  type: ClassifiedType,
  candidates: readonly TitleCandidate[],
  haystack: string,
  bodySize: number,
): Score {
  const evidence = EVIDENCE[type];
  const strongest = strongestTitle(candidates, evidence.titles, bodySize, false);
  const title = strongest?.title ?? null;
  const titleScore = strongest?.score ?? 0;
  const cues: string[] = [];
  let cueScore = 0;
  for (const [cue, weight] of evidence.cues) {
    if (haystack.includes(` ${cue} `)) {
      cues.push(cue);
      cueScore += weight;
    }
  }
  cueScore = Math.min(cueScore, MAX_CUE_SCORE);
  return { type, title, titleScore, cues, cueScore, total: titleScore + cueScore };
}

/** The best-scoring of `titles` among the candidates (in the page header only, if `headerOnly`). */
function strongestTitle(
  candidates: readonly TitleCandidate[],
  titles: readonly string[],
  bodySize: number,
  headerOnly: boolean,
): { title: string; score: number } | null {
  let best: { title: string; score: number } | null = null;
  for (const { cell, inHeader, fontSize } of candidates) {
    if (headerOnly && !inHeader) continue;
    const found = matchTitle(cell, titles, inHeader);
    if (found === null) continue;
    const score =
      found.weight +
      (inHeader ? HEADER_BONUS : 0) +
      (fontSize >= bodySize * LARGE_TEXT_RATIO ? LARGE_TEXT_BONUS : 0);
    if (best === null || score > best.score) best = { title: found.title, score };
  }
  return best;
}

// Structure beyond single words: each bonus needs several cues together.

function medianFontSize(text: DocumentText): number {
  const sizes = text.lines.flatMap((line) => line.cells.map((cell) => cell.fontSize)).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 0;
}
