import type { Carrier, CarrierCatalog } from './carrier-catalog.ts';

/**
 * The lines a paste names in the words around its reference (`Maersk booking 123456789`, `COSCO BL
 * 6012345678`, `Hapag-Lloyd 23456789`): by SCAC, name, short name or another name the line goes by, over
 * one to four words. Names of three letters or fewer (`ONE`, `MSC`, `HMM`) count only typed in capitals:
 * in lower case they are ordinary words (`track this one`).
 */

const MAX_NAME_WORDS = 4;
const SHORT_NAME_LENGTH = 3;

const key = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const indexes = new WeakMap<CarrierCatalog, ReadonlyMap<string, readonly Carrier[]>>();

function nameIndex(catalog: CarrierCatalog): ReadonlyMap<string, readonly Carrier[]> {
  const known = indexes.get(catalog);
  if (known !== undefined) return known;
  const index = new Map<string, Carrier[]>();
  for (const carrier of catalog.carriers) {
    for (const name of [carrier.scac, carrier.name, carrier.shortName, ...carrier.alternativeNames]) {
      const k = key(name);
      if (k === '') continue;
      const list = index.get(k) ?? [];
      if (!list.includes(carrier)) list.push(carrier);
      index.set(k, list);
    }
  }
  indexes.set(catalog, index);
  return index;
}

export function namedLines(words: readonly string[], catalog: CarrierCatalog): readonly Carrier[] {
  const index = nameIndex(catalog);
  const found = new Set<Carrier>();
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= Math.min(words.length, start + MAX_NAME_WORDS); end++) {
      const typed = words.slice(start, end).join('');
      const k = key(typed);
      if (k.length <= SHORT_NAME_LENGTH && typed !== typed.toUpperCase()) continue;
      for (const carrier of index.get(k) ?? []) found.add(carrier);
    }
  }
  return [...found];
}
