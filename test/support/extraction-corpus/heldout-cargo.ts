import { makeContainerNumber } from '../../../src/domain/iso6346.ts';
import type { Cargo } from './heldout-bills.ts';
import type { Canvas, Face } from './heldout-canvas.ts';
import type { PortTruth, TruthValue } from './truth.ts';
import type { CorpusType, HeldoutLanguage } from './vocabulary.ts';

/** Small builders the held-out documents share: containers with their seals, ports with their codes. */

export function cargo(
  prefix: string,
  serials: readonly number[],
  options: { size?: string; seal?: string; packages?: string; weight?: string; spaced?: boolean } = {},
): Cargo[] {
  return serials.map((serial, i) => {
    const container = makeContainerNumber(prefix, serial);
    const printed =
      options.spaced === true
        ? `${container.slice(0, 4)} ${container.slice(4, 10)}-${container.slice(10)}`
        : container;
    return {
      container,
      printed,
      size: options.size ?? '40HC',
      seal: `${options.seal ?? 'ML-'}${String(4_417_200 + serial * 7 + i).slice(-7)}`,
      packages: options.packages ?? `${20 + (serial % 40)} PLTS`,
      weight: options.weight ?? `${(9_000 + (serial % 9_000)).toLocaleString('en-US')}.000`,
    };
  });
}

export const containersOf = (items: readonly Cargo[]): string[] => items.map((c) => c.container);
export const sealsOf = (items: readonly Cargo[]): string[] => items.map((c) => c.seal);

export const port = (name: string, locode: string): PortTruth => ({ name, locode });

/** One held-out document: how to draw it and what it says. */
export interface HeldoutDocument {
  name: string;
  type: CorpusType;
  language: HeldoutLanguage;
  face: Face;
  letter?: boolean;
  draw: (canvas: Canvas) => void;
  fields: Record<string, TruthValue>;
}
