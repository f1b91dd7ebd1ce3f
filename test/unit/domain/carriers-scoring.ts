/**
 * Scores carrier inference against a labelled set: number type, carrier, decisions, and accuracy per
 * confidence band (calibration). Shared by the held-out and calibration tests, which print the figures.
 */
import { z } from 'zod';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import {
  type InferredNumber,
  inferNumber,
  type UnreadableNumber,
} from '../../../src/domain/carriers/infer-number.ts';

const numberType = z.enum(['container', 'bill_of_lading', 'booking']);

export const labelledSet = z.object({
  numbers: z.array(
    z.object({ number: z.string(), number_type: numberType, scac: z.string() }).transform((entry) => ({
      input: entry.number,
      family: entry.number_type,
      expect: {
        number_type: entry.number_type,
        scac: entry.scac,
        parsed_number: entry.number,
      } as Expectation,
    })),
  ),
});

const expectation = z.union([
  z.object({ refused: z.literal(true) }),
  z.object({
    number_type: numberType,
    scac: z.string().nullable(),
    parsed_number: z.string(),
    is_valid: z.boolean().optional(),
  }),
]);
type Expectation = z.infer<typeof expectation>;

export const heldoutSet = z.object({
  numbers: z.array(z.object({ input: z.string(), family: z.string(), expect: expectation })),
});

export interface Case {
  readonly input: string;
  readonly family: string;
  readonly expect: Expectation;
}

export interface Scored {
  readonly entry: Case;
  readonly result: InferredNumber | UnreadableNumber;
}

export const score = (
  cases: readonly Case[],
  infer: (input: string) => InferredNumber | UnreadableNumber,
): Scored[] => cases.map((entry) => ({ entry, result: infer(entry.input) }));

/** A held-out batch (its JSON) scored by the product's inference, and its cases by family. */
export function scoreHeldout(json: unknown): {
  scored: Scored[];
  family: (...names: string[]) => Scored[];
} {
  const scored = score(heldoutSet.parse(json).numbers, (input) => inferNumber(input, CARRIER_CATALOG));
  const family = (...names: string[]): Scored[] => scored.filter(({ entry }) => names.includes(entry.family));
  return { scored, family };
}

/** What a case expected to be read was read as; a refusal fails the test, naming the input. */
export const readOf = ({ entry, result }: Scored): InferredNumber => {
  if ('unreadable' in result) throw new Error(`${JSON.stringify(entry.input)} was refused: ${result.reason}`);
  return result;
};

/** What a case expected to be read should be read as; a case expected refused fails the test. */
export const expectedOf = ({ entry }: Scored) => {
  if ('refused' in entry.expect) throw new Error(`${JSON.stringify(entry.input)} is expected refused`);
  return entry.expect;
};

export const BANDS = [
  [0.7, 0.8],
  [0.8, 0.9],
  [0.9, 0.95],
  [0.95, 1],
] as const;

export interface Figures {
  readonly numbers: number;
  readonly refusalsRight: number;
  readonly refusalsExpected: number;
  readonly wronglyRefused: number;
  readonly typeRight: number;
  readonly typed: number;
  /** Selected line right, over numbers whose line can be known. */
  readonly carrierRight: number;
  readonly carrierKnowable: number;
  /** Best candidate right (whatever the decision), over the same. */
  readonly topRight: number;
  readonly autoSelected: number;
  readonly autoWrong: number;
  readonly decisions: Readonly<Record<string, number>>;
  readonly bands: ReadonlyArray<{
    readonly band: readonly [number, number];
    readonly count: number;
    readonly right: number;
    readonly meanConfidence: number;
  }>;
}

export function figures(scored: readonly Scored[]): Figures {
  const decisions: Record<string, number> = {};
  let refusalsRight = 0;
  let refusalsExpected = 0;
  let wronglyRefused = 0;
  let typeRight = 0;
  let typed = 0;
  let carrierRight = 0;
  let carrierKnowable = 0;
  let topRight = 0;
  let autoSelected = 0;
  let autoWrong = 0;
  const bandStats = BANDS.map((band) => ({ band, count: 0, right: 0, confidenceSum: 0 }));
  for (const { entry, result } of scored) {
    const expect = entry.expect;
    if ('refused' in expect) {
      refusalsExpected += 1;
      if ('unreadable' in result) refusalsRight += 1;
      continue;
    }
    if ('unreadable' in result) {
      wronglyRefused += 1;
      continue;
    }
    typed += 1;
    if (result.numberType === expect.number_type) typeRight += 1;
    decisions[result.decision] = (decisions[result.decision] ?? 0) + 1;
    const selectedRight = result.selected !== null && result.selected.scac === expect.scac;
    if (expect.scac !== null) {
      carrierKnowable += 1;
      if (selectedRight) carrierRight += 1;
      if (result.candidates[0]?.scac === expect.scac) topRight += 1;
    }
    if (result.decision === 'auto_select') {
      autoSelected += 1;
      if (!selectedRight) autoWrong += 1;
    }
    if (result.selected !== null) {
      const confidence = result.selected.confidence;
      // Bands are half-open ([0.90, 0.95) and so on), the last one closed: 0.95 is an auto-select.
      const stats = bandStats.find(
        ({ band }) => confidence >= band[0] && (confidence < band[1] || (band[1] === 1 && confidence <= 1)),
      );
      if (stats !== undefined) {
        stats.count += 1;
        stats.confidenceSum += confidence;
        if (selectedRight) stats.right += 1;
      }
    }
  }
  return {
    numbers: scored.length,
    refusalsRight,
    refusalsExpected,
    wronglyRefused,
    typeRight,
    typed,
    carrierRight,
    carrierKnowable,
    topRight,
    autoSelected,
    autoWrong,
    decisions,
    bands: bandStats.map(({ band, count, right, confidenceSum }) => ({
      band,
      count,
      right,
      meanConfidence: count === 0 ? 0 : confidenceSum / count,
    })),
  };
}

const ratio = (right: number, total: number): string =>
  total === 0 ? 'n/a' : `${right}/${total} = ${(right / total).toFixed(3)}`;

/** One block of text with a set's figures, for the test log and the README. */
export function describeFigures(name: string, f: Figures): string {
  const lines = [
    `${name}: ${f.numbers} numbers`,
    `  refused as expected ${ratio(f.refusalsRight, f.refusalsExpected)}; wrongly refused ${f.wronglyRefused}`,
    `  number type ${ratio(f.typeRight, f.typed)}`,
    `  carrier selected right ${ratio(f.carrierRight, f.carrierKnowable)}; best candidate right ${ratio(f.topRight, f.carrierKnowable)}`,
    `  auto_select ${f.autoSelected}, wrong ${f.autoWrong}; decisions ${JSON.stringify(f.decisions)}`,
    ...f.bands.map(
      ({ band, count, right, meanConfidence }) =>
        `  band ${band[0].toFixed(2)}-${band[1].toFixed(2)}: ${count} selected, accuracy ${count === 0 ? 'n/a' : (right / count).toFixed(3)}, mean confidence ${meanConfidence.toFixed(3)}`,
    ),
  ];
  return lines.join('\n');
}
