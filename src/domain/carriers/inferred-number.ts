import type { Carrier } from './carrier-catalog.ts';
import { type Decision, decide, roundConfidence } from './confidence.ts';

export type NumberType = 'container' | 'bill_of_lading' | 'booking';

export interface CarrierCandidate {
  readonly scac: string;
  readonly name: string;
  readonly confidence: number;
}

export interface InferredNumber {
  readonly number: string;
  readonly numberType: NumberType;
  readonly validation: {
    /** null when no rule can tell (a bare booking number of an unknown shape). */
    readonly isValid: boolean | null;
    readonly type: 'container' | 'shipment';
    /** The ISO 6346 check; null for shipment numbers, which have none. */
    readonly checkDigitPassed: boolean | null;
    readonly parsedNumber: string;
    readonly reason: string | null;
  };
  readonly decision: Decision;
  readonly selected: CarrierCandidate | null;
  readonly candidates: readonly CarrierCandidate[];
}

/** Why a number was refused outright (the route answers 422). */
export type UnreadableNumber = { readonly unreadable: true; readonly reason: string };

/** `knownShape`: whether the number has one of a line's shapes; null when no shape can tell. */
export const shipmentValidation = (
  number: string,
  knownShape: boolean | null,
): InferredNumber['validation'] => ({
  isValid: knownShape === true ? true : null,
  type: 'shipment',
  checkDigitPassed: null,
  parsedNumber: number,
  reason: null,
});

export function add(weights: Map<Carrier, number>, carrier: Carrier, weight: number): void {
  weights.set(carrier, (weights.get(carrier) ?? 0) + weight);
}

export function result(
  number: string,
  numberType: NumberType,
  validation: InferredNumber['validation'],
  weights: ReadonlyMap<Carrier, number>,
): InferredNumber {
  const candidates = [...weights]
    .map(([carrier, weight]) => ({
      scac: carrier.scac,
      name: carrier.name,
      confidence: roundConfidence(weight),
    }))
    .filter((candidate) => candidate.confidence > 0)
    .sort((a, b) => b.confidence - a.confidence || a.scac.localeCompare(b.scac));
  const top = candidates[0];
  const decision = decide(top?.confidence);
  return {
    number,
    numberType,
    validation,
    decision,
    selected: decision === 'no_prediction' || top === undefined ? null : top,
    candidates,
  };
}
