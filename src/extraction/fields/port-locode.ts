import { PORT_NAMES } from '../data/port-names.ts';
import { foldText } from '../parse/language.ts';

/**
 * The UN/LOCODE of a port as printed ("HAMBURG, GERMANY", "Anvers", "Shanghai (CNSHA)"), from the
 * bundled table of major ports. A name shared by ports in several countries counts only with its
 * country printed beside it; anything not in the table is left without a code.
 */

const TABLE: ReadonlyMap<string, readonly string[]> = new Map(
  PORT_NAMES.trim()
    .split('\n')
    .map((line) => {
      const [name = '', codes = ''] = line.split('=');
      return [name, codes.split(',')] as const;
    }),
);
const ALL_CODES: ReadonlySet<string> = new Set([...TABLE.values()].flat());

const COUNTRIES_WITH_PORTS: ReadonlySet<string> = new Set([...ALL_CODES].map((code) => code.slice(0, 2)));

// Country names in English (Intl knows them all) plus the local names most often printed.
const COUNTRY_BY_NAME: ReadonlyMap<string, string> = buildCountryNames();

function buildCountryNames(): Map<string, string> {
  const names = new Map<string, string>();
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      // Only countries with ports in the table: that leaves out retired codes such as FX and VD.
      if (!COUNTRIES_WITH_PORTS.has(code)) continue;
      const name = display.of(code);
      // Retired and reserved codes repeat some names (FX "France"); the first, current code wins.
      if (name !== undefined && name !== code && !names.has(key(name))) names.set(key(name), code);
    }
  }
  const local: Array<[string, string]> = [
    ['USA', 'US'],
    ['U S A', 'US'],
    ['UNITED STATES OF AMERICA', 'US'],
    ['UK', 'GB'],
    ['ENGLAND', 'GB'],
    ['DEUTSCHLAND', 'DE'],
    ['ALLEMAGNE', 'DE'],
    ['GERMANIA', 'DE'],
    ['ALEMANIA', 'DE'],
    ['DUITSLAND', 'DE'],
    ['BELGIQUE', 'BE'],
    ['BELGIE', 'BE'],
    ['BELGIEN', 'BE'],
    ['NEDERLAND', 'NL'],
    ['PAYS BAS', 'NL'],
    ['NIEDERLANDE', 'NL'],
    ['PAISES BAJOS', 'NL'],
    ['PAESI BASSI', 'NL'],
    ['ESPANA', 'ES'],
    ['ESPAGNE', 'ES'],
    ['SPANIEN', 'ES'],
    ['SPAGNA', 'ES'],
    ['ITALIA', 'IT'],
    ['ITALIE', 'IT'],
    ['ITALIEN', 'IT'],
    ['CHINE', 'CN'],
    ['CINA', 'CN'],
    ['P R CHINA', 'CN'],
    ['PR CHINA', 'CN'],
    ['ETATS UNIS', 'US'],
    ['VEREINIGTE STAATEN', 'US'],
    ['BRASIL', 'BR'],
    ['BELGICA', 'BE'],
    ['HOLANDA', 'NL'],
    ['PAISES BAIXOS', 'NL'],
    ['ALEMANHA', 'DE'],
    ['ESPANHA', 'ES'],
    ['FRANCA', 'FR'],
    ['ESTADOS UNIDOS', 'US'],
    ['EUA', 'US'],
    ['REINO UNIDO', 'GB'],
    ['JAPAO', 'JP'],
  ];
  for (const [name, code] of local) names.set(name, code);
  return names;
}

// US states and Canadian provinces as printed after a port's name ("BALTIMORE, MD", "VANCOUVER, BC").
const REGIONS: ReadonlyMap<string, string> = new Map([
  ...'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'
    .split(' ')
    .map((state) => [state, 'US'] as const),
  ...'AB BC MB NB NL NS ON PE QC SK'.split(' ').map((province) => [province, 'CA'] as const),
]);

function key(text: string): string {
  return foldText(text)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

export function portLocode(printed: string | null): string | null {
  if (printed === null) return null;
  const explicit = /\b([A-Z]{2}\s?[A-Z2-9]{3})\b/.exec(printed.replace(/[()[\]]/g, ' '));
  if (explicit?.[1] !== undefined) {
    const code = explicit[1].replace(' ', '');
    if (ALL_CODES.has(code)) return code;
  }
  const [head = '', ...rest] = printed.split(/[,(/]|\s-\s/);
  // "BALTIMORE, MD - SEAGIRT": the country or state is the first piece after the name, the terminal after.
  const countryText = countryIn(rest.join(' ')) === null ? (rest[0] ?? '') : rest.join(' ');
  const country = countryIn(countryText);
  const words = key(head).split(' ');
  // The longest run of leading words that names a port ("PORT KLANG", "HAMBURG TERMINAL" → HAMBURG).
  for (let n = words.length; n >= 1; n -= 1) {
    const codes = TABLE.get(words.slice(0, n).join(' '));
    if (codes === undefined) continue;
    // A two-letter country may be a US state ("SAVANNAH, GA"): it only picks among several ports.
    if (codes.length === 1) {
      const trusted = country !== null && country.length === 2 && !/^[A-Z]{2}$/.test(key(countryText));
      return !trusted || codes[0]?.startsWith(country) ? (codes[0] ?? null) : null;
    }
    const inCountry = codes.filter((code) => country !== null && code.startsWith(country));
    if (inCountry.length === 1) return inCountry[0] ?? null;
    // Two letters that are no country with a port of that name: a US state or Canadian province.
    const region = REGIONS.get(key(rest[0] ?? ''));
    const inRegion = codes.filter((code) => region !== undefined && code.startsWith(region));
    return inCountry.length === 0 && inRegion.length === 1 ? (inRegion[0] ?? null) : null;
  }
  return null;
}

/** Whether the text is a port's name and nothing more, perhaps with its country or state. */
export function isPortName(printed: string): boolean {
  const [head = ''] = printed.split(/[,(/]|\s-\s/);
  return TABLE.has(key(head)) && portLocode(printed) !== null;
}

function countryIn(text: string): string | null {
  const folded = key(text);
  if (folded.length === 0) return null;
  if (/^[A-Z]{2}$/.test(folded)) return folded;
  return COUNTRY_BY_NAME.get(folded) ?? null;
}
