import { makeContainerNumber } from '../../../src/domain/iso6346.ts';
import type { Random } from './random.ts';

/**
 * Real carrier SCACs with their own container prefixes and the shape of their B/L numbers (from the
 * carrier facts in the shared reference data). Only the shapes are real: every number made here is random.
 */
interface SampleCarrier {
  scac: string;
  name: string;
  containerPrefixes: readonly string[];
  vessels: readonly string[];
  billOfLadingNumber(random: Random): string;
}

const digits = (random: Random, count: number): string =>
  Array.from({ length: count }, () => String(random.int(0, 9))).join('');
const letters = (random: Random, count: number): string =>
  Array.from({ length: count }, () => String.fromCharCode(65 + random.int(0, 25))).join('');

export const SAMPLE_CARRIERS: readonly SampleCarrier[] = [
  {
    scac: 'MAEU',
    name: 'Maersk',
    containerPrefixes: ['MSKU', 'MRKU', 'MAEU'],
    vessels: ['MAERSK ELBA', 'MAERSK KINLOSS', 'GUNDE MAERSK', 'MARGRETHE MAERSK'],
    billOfLadingNumber: (random) => `MAEU${digits(random, 9)}`,
  },
  {
    scac: 'MSCU',
    name: 'Mediterranean Shipping Company',
    containerPrefixes: ['MSCU', 'MEDU', 'MSMU'],
    vessels: ['MSC GULSUN', 'MSC IRINA', 'MSC LORETO', 'MSC AMBRA'],
    billOfLadingNumber: (random) => `MSCU${letters(random, 2)}${digits(random, 6)}`,
  },
  {
    scac: 'CMDU',
    name: 'CMA CGM',
    containerPrefixes: ['CMAU', 'CGMU', 'ECMU'],
    vessels: ['CMA CGM JACQUES SAADE', 'CMA CGM MARCO POLO', 'CMA CGM PALAIS ROYAL'],
    billOfLadingNumber: (random) => `CMDU${letters(random, 3)}${digits(random, 7)}`,
  },
  {
    scac: 'HLCU',
    name: 'Hapag-Lloyd',
    containerPrefixes: ['HLXU', 'HLBU', 'FANU'],
    vessels: ['BERLIN EXPRESS', 'HAMBURG EXPRESS', 'AL MURABBA'],
    billOfLadingNumber: (random) => `HLCU${letters(random, 3)}${digits(random, 9)}`,
  },
  {
    scac: 'ONEY',
    name: 'Ocean Network Express',
    containerPrefixes: ['ONEU', 'NYKU', 'MOLU'],
    vessels: ['ONE APUS', 'ONE INNOVATION', 'ONE TRUST'],
    billOfLadingNumber: (random) => `ONEY${letters(random, 4)}${digits(random, 8)}`,
  },
];

export function randomCarrier(random: Random): SampleCarrier {
  return random.pick(SAMPLE_CARRIERS);
}

/** Distinct valid container numbers from the carrier's own prefixes. */
export function randomContainerNumbers(random: Random, carrier: SampleCarrier, count: number): string[] {
  const numbers = new Set<string>();
  while (numbers.size < count) {
    numbers.add(makeContainerNumber(random.pick(carrier.containerPrefixes), random.int(100_000, 999_999)));
  }
  return [...numbers];
}
