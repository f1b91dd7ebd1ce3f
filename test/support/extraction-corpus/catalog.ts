import { readFileSync } from 'node:fs';
import { makeContainerNumber } from '../../../src/domain/iso6346.ts';
import type { Random } from '../samples/random.ts';
import { type Language, MONTHS } from './vocabulary.ts';

/** Realistic values for the corpus: companies with legal forms, real ports, real carriers, formats. */

export type Country = 'NL' | 'DE' | 'FR' | 'ES' | 'IT' | 'GB' | 'US' | 'CH' | 'BE' | 'CN';

export interface Company {
  name: string;
  address: readonly string[];
  country: Country;
}

const COMPANIES: readonly Company[] = [
  {
    name: 'Van der Berg Logistics B.V.',
    address: ['Waalhaven Z.z. 21', '3089 JH Rotterdam', 'Nederland'],
    country: 'NL',
  },
  {
    name: 'Hollandia Bloembollen B.V.',
    address: ['Stationsweg 4', '2161 AM Lisse', 'Nederland'],
    country: 'NL',
  },
  {
    name: 'De Vries Kaasexport B.V.',
    address: ['Industrieweg 88', '2802 AK Gouda', 'The Netherlands'],
    country: 'NL',
  },
  {
    name: 'Müller Maschinenbau GmbH',
    address: ['Industriestraße 12', '70565 Stuttgart', 'Deutschland'],
    country: 'DE',
  },
  {
    name: 'Nordsee Fischwaren GmbH & Co. KG',
    address: ['Am Fischereihafen 3', '27572 Bremerhaven', 'Germany'],
    country: 'DE',
  },
  {
    name: 'Schäfer Kunststofftechnik AG',
    address: ['Rheinallee 140', '55120 Mainz', 'Deutschland'],
    country: 'DE',
  },
  {
    name: 'Société Lyonnaise de Textiles SAS',
    address: ['14 rue de la République', '69002 Lyon', 'France'],
    country: 'FR',
  },
  {
    name: 'Vins du Val de Loire SARL',
    address: ['2 quai de la Loire', '37000 Tours', 'France'],
    country: 'FR',
  },
  {
    name: 'Ateliers Normands S.A.',
    address: ['ZI du Havre, 9 bd Jules Durand', '76600 Le Havre', 'France'],
    country: 'FR',
  },
  {
    name: 'Conservas del Norte S.L.',
    address: ['Calle del Puerto 7', '48001 Bilbao', 'España'],
    country: 'ES',
  },
  {
    name: 'Aceites Andaluces S.A.',
    address: ['Avenida de la Constitución 45', '41001 Sevilla', 'Spain'],
    country: 'ES',
  },
  {
    name: 'Ceramiche Fiorentine S.p.A.',
    address: ['Via dei Tavolini 19', '50122 Firenze', 'Italia'],
    country: 'IT',
  },
  {
    name: 'Pastificio Adriatico S.r.l.',
    address: ['Via del Porto 31', '60121 Ancona', 'Italy'],
    country: 'IT',
  },
  {
    name: 'Hartley & Sons Ltd',
    address: ['Unit 4, Dock Road', 'Felixstowe IP11 3QW', 'United Kingdom'],
    country: 'GB',
  },
  {
    name: 'Pennine Woollen Mills Limited',
    address: ['Mill Lane', 'Halifax HX1 2AB', 'United Kingdom'],
    country: 'GB',
  },
  {
    name: 'Blue Ridge Outfitters Inc.',
    address: ['2200 Peachtree Rd NE', 'Atlanta, GA 30309', 'USA'],
    country: 'US',
  },
  {
    name: 'Pacific Coast Imports LLC',
    address: ['1800 E Harbor Blvd', 'Long Beach, CA 90802', 'USA'],
    country: 'US',
  },
  {
    name: 'Great Lakes Hardware Corp.',
    address: ['500 W Madison St', 'Chicago, IL 60661', 'USA'],
    country: 'US',
  },
  { name: 'Alpen Präzision AG', address: ['Bahnhofstrasse 55', '8001 Zürich', 'Schweiz'], country: 'CH' },
  { name: 'Brouwerij Schelde NV', address: ['Kaai 12', '2000 Antwerpen', 'België'], country: 'BE' },
  {
    name: 'Ningbo Everbright Trading Co., Ltd.',
    address: ['No. 88 Zhongshan Road', 'Ningbo 315000', 'China'],
    country: 'CN',
  },
  {
    name: 'Shenzhen Brightstar Electronics Co., Ltd.',
    address: ['Bao An District', 'Shenzhen 518000', 'China'],
    country: 'CN',
  },
];

export function companyFrom(random: Random, countries: readonly Country[], exclude?: Company): Company {
  const fits = COMPANIES.filter((c) => countries.includes(c.country) && c !== exclude);
  return random.pick(fits.length > 0 ? fits : COMPANIES.filter((c) => c !== exclude));
}

export const HOME_COUNTRIES: Readonly<Record<Language, readonly Country[]>> = {
  en: ['GB', 'US', 'CN'],
  fr: ['FR', 'BE'],
  de: ['DE', 'CH'],
  nl: ['NL', 'BE'],
  es: ['ES'],
  it: ['IT'],
};

export interface Port {
  locode: string;
  /** How the port's name is printed: its UN/LOCODE name or a common local spelling. */
  names: readonly string[];
}

const PORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  NLRTM: ['Rotterdam'],
  DEHAM: ['Hamburg'],
  BEANR: ['Antwerpen', 'Antwerp'],
  FRLEH: ['Le Havre'],
  ESVLC: ['Valencia'],
  ITGOA: ['Genova', 'Genoa'],
  GBFXT: ['Felixstowe'],
  USNYC: ['New York'],
  USLAX: ['Los Angeles'],
  SGSIN: ['Singapore'],
  USSAV: ['Savannah'],
  ESALG: ['Algeciras'],
  ITSPE: ['La Spezia'],
  DEBRV: ['Bremerhaven'],
  FRFOS: ['Fos-sur-Mer'],
  ESBCN: ['Barcelona'],
  ITGIT: ['Gioia Tauro'],
};

/** The ports; when the shared ports data is given, every code is checked to be a real UN/LOCODE there. */
export function loadPorts(portsCsv: string | null): Port[] {
  const known =
    portsCsv === null
      ? null
      : new Set(
          readFileSync(portsCsv, 'utf8')
            .split('\n')
            .map((line) => line.split(',')[0]),
        );
  return Object.entries(PORT_NAMES).map(([locode, names]) => {
    if (known !== null && !known.has(locode)) throw new Error(`${locode} is not in ${portsCsv}`);
    return { locode, names };
  });
}

export interface Carrier {
  scac: string;
  name: string;
  containerPrefixes: readonly string[];
}

// SCACs and container owner prefixes of real carriers, as the shared carriers data lists them.
const CARRIERS: readonly Carrier[] = [
  { scac: 'MAEU', name: 'Maersk A/S', containerPrefixes: ['MSKU', 'MRKU', 'MAEU', 'APMU'] },
  {
    scac: 'MSCU',
    name: 'MSC Mediterranean Shipping Company S.A.',
    containerPrefixes: ['MSCU', 'MEDU', 'MSMU', 'GTIU'],
  },
  { scac: 'CMDU', name: 'CMA CGM S.A.', containerPrefixes: ['CMAU', 'CGMU', 'AMCU'] },
  { scac: 'HLCU', name: 'Hapag-Lloyd AG', containerPrefixes: ['HLXU', 'HLBU', 'CPSU'] },
  { scac: 'ONEY', name: 'Ocean Network Express Pte. Ltd.', containerPrefixes: ['ONEU', 'AKLU'] },
  { scac: 'EGLV', name: 'Evergreen Marine Corp.', containerPrefixes: ['EGHU', 'EGSU', 'EMCU'] },
  { scac: 'COSU', name: 'COSCO Shipping Lines Co., Ltd.', containerPrefixes: ['CSNU'] },
  { scac: 'HDMU', name: 'HMM Co., Ltd.', containerPrefixes: ['HDMU', 'HMMU'] },
  { scac: 'ZIMU', name: 'ZIM Integrated Shipping Services Ltd.', containerPrefixes: ['ZCSU', 'ZIMU'] },
  { scac: 'YMLU', name: 'Yang Ming Marine Transport Corp.', containerPrefixes: ['YMLU', 'YMMU'] },
];

interface CarrierRecord {
  scac: string;
  container_prefixes?: ReadonlyArray<{ prefix: string }>;
}

/** The carriers; when the shared carriers data is given, every SCAC and prefix is checked against it. */
export function loadCarriers(carriersJson: string | null): Carrier[] {
  if (carriersJson === null) return [...CARRIERS];
  const data = JSON.parse(readFileSync(carriersJson, 'utf8')) as { carriers: CarrierRecord[] };
  for (const carrier of CARRIERS) {
    const record = data.carriers.find((c) => c.scac === carrier.scac);
    if (record === undefined) throw new Error(`${carrier.scac} is not in ${carriersJson}`);
    const prefixes = new Set((record.container_prefixes ?? []).map((p) => p.prefix));
    const unknown = carrier.containerPrefixes.filter((p) => !prefixes.has(p));
    if (unknown.length > 0) throw new Error(`${carrier.scac}: ${unknown.join(', ')} not in ${carriersJson}`);
  }
  return [...CARRIERS];
}

export const FORWARDERS: readonly Company[] = [
  { name: 'Rhenus Logistics SE', address: ['Rhenus-Platz 1', '59439 Holzwickede'], country: 'DE' },
  { name: 'Seabridge Freight Ltd', address: ['1 Harbour Exchange', 'London E14 9GE'], country: 'GB' },
  { name: 'Transitaires Réunis SAS', address: ['5 quai Frissard', '76600 Le Havre'], country: 'FR' },
  { name: 'Mediterranea Spedizioni S.r.l.', address: ['Via Albertazzi 3', '16149 Genova'], country: 'IT' },
];

export const VESSELS: readonly string[] = [
  'MAERSK ESSEN',
  'MSC OSCAR',
  'CMA CGM MARCO POLO',
  'EVER GIVEN',
  'HMM ALGECIRAS',
  'ONE APUS',
  'COSCO SHIPPING UNIVERSE',
  'BERLIN EXPRESS',
  'YM WELLNESS',
  'ZIM KINGSTON',
  'MSC GULSUN',
  'CMA CGM JACQUES SAADE',
];

export function voyageNumber(random: Random): string {
  return random.pick([
    () => `${random.int(100, 499)}${random.pick(['W', 'E', 'N', 'S'])}`,
    () => `${random.int(2200, 2352)}${random.pick(['W', 'E'])}`,
    () =>
      `0${random.pick(['FL', 'MA', 'XE'])}${random.int(1, 9)}${random.pick(['W', 'E'])}${random.pick(['1MA', 'A', ''])}`,
    () => `${random.pick(['V', ''])}${random.int(10, 99)}`,
  ])();
}

export function containerNumber(random: Random, prefixes: readonly string[]): string {
  return makeContainerNumber(random.pick(prefixes), random.int(100_000, 999_999));
}

/** How a container number is printed; the truth keeps the normalized form. */
export function printContainer(random: Random, number: string): string {
  return random.pick([
    number,
    number,
    `${number.slice(0, 4)} ${number.slice(4, 10)}-${number.slice(10)}`,
    `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`,
    `${number.slice(0, 4)}-${number.slice(4)}`,
  ]);
}

export function sealNumber(random: Random): string {
  return random.pick([
    () => `ML-${random.int(1_000_000, 9_999_999)}`,
    () => `SL${random.int(100_000, 999_999)}`,
    () => `${random.pick(['EU', 'FX', 'CN'])}${random.int(10_000_000, 99_999_999)}`,
    () => `H${random.int(1_000_000, 9_999_999)}`,
  ])();
}

// ---------------------------------------------------------------------------------------------------- dates

export interface IsoDate {
  year: number;
  month: number;
  day: number;
}

export function randomDate(random: Random): IsoDate {
  return { year: random.int(2021, 2025), month: random.int(1, 12), day: random.int(1, 28) };
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const pad = (n: number): string => String(n).padStart(2, '0');

export function isoString(date: IsoDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** A date as a document from `country` in `language` prints it; US documents put the month first. */
export function printDate(random: Random, date: IsoDate, language: Language, country: Country): string {
  const { year, month, day } = date;
  const monthName = MONTHS[language][month - 1] ?? '';
  const short = monthName.slice(0, 3);
  if (country === 'US') {
    return random.pick([
      `${pad(month)}/${pad(day)}/${year}`,
      `${month}/${day}/${year}`,
      `${monthName} ${day}, ${year}`,
      `${short}. ${day}, ${year}`,
    ]);
  }
  const styles: Record<Language, readonly string[]> = {
    en: [
      `${pad(day)}/${pad(month)}/${year}`,
      `${day} ${short} ${year}`,
      `${day} ${monthName} ${year}`,
      `${pad(day)}-${short.toUpperCase()}-${year}`,
    ],
    fr: [`${pad(day)}/${pad(month)}/${year}`, `${day} ${monthName} ${year}`],
    de: [`${pad(day)}.${pad(month)}.${year}`, `${day}. ${monthName} ${year}`],
    nl: [
      `${pad(day)}-${pad(month)}-${year}`,
      `${day} ${monthName} ${year}`,
      `${pad(day)}.${pad(month)}.${year}`,
    ],
    es: [`${pad(day)}/${pad(month)}/${year}`, `${day} de ${monthName} de ${year}`],
    it: [
      `${pad(day)}/${pad(month)}/${year}`,
      `${day} ${monthName} ${year}`,
      `${pad(day)}.${pad(month)}.${year}`,
    ],
  };
  return random.chance(0.15) ? isoString(date) : random.pick(styles[language]);
}

// -------------------------------------------------------------------------------------------------- amounts

export type AmountStyle = 'comma_dot' | 'dot_comma' | 'space_comma' | 'apostrophe_dot';

export function amountStyleFor(language: Language, country: Country): AmountStyle {
  if (country === 'CH') return 'apostrophe_dot';
  if (language === 'en') return 'comma_dot';
  if (language === 'fr') return 'space_comma';
  return 'dot_comma';
}

/** `cents` as printed in a style: 1245000 → "12,450.00", "12.450,00", "12 450,00" or "12'450.00". */
export function printAmount(cents: number, style: AmountStyle): string {
  const whole = Math.floor(cents / 100);
  const fraction = pad(cents % 100);
  const separators: Record<AmountStyle, [string, string]> = {
    comma_dot: [',', '.'],
    dot_comma: ['.', ','],
    space_comma: [' ', ','],
    apostrophe_dot: ["'", '.'],
  };
  const [group, decimal] = separators[style];
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${grouped}${decimal}${fraction}`;
}

export function decimalString(cents: number): string {
  return `${Math.floor(cents / 100)}.${pad(cents % 100)}`;
}

export interface Currency {
  code: string;
  symbol: string | null;
  words: Readonly<Partial<Record<Language, string>>>;
}

export const CURRENCIES: Readonly<Record<string, Currency>> = {
  EUR: {
    code: 'EUR',
    symbol: '€',
    words: { en: 'euros', fr: 'euros', de: 'Euro', nl: 'euro', es: 'euros', it: 'euro' },
  },
  USD: {
    code: 'USD',
    symbol: '$',
    words: { en: 'US dollars', fr: 'dollars US', es: 'dólares estadounidenses' },
  },
  GBP: { code: 'GBP', symbol: '£', words: { en: 'pounds sterling' } },
  CHF: { code: 'CHF', symbol: null, words: { de: 'Schweizer Franken', fr: 'francs suisses' } },
};

export function currencyFor(country: Country, random: Random): Currency {
  if (country === 'US' || country === 'CN') return CURRENCIES.USD as Currency;
  if (country === 'GB')
    return random.chance(0.7) ? (CURRENCIES.GBP as Currency) : (CURRENCIES.EUR as Currency);
  if (country === 'CH') return CURRENCIES.CHF as Currency;
  return random.chance(0.85) ? (CURRENCIES.EUR as Currency) : (CURRENCIES.USD as Currency);
}

/** An amount with its currency, as code before or after, symbol, or with the currency in words. */
export function printMoney(random: Random, amount: string, currency: Currency, language: Language): string {
  const options = [`${currency.code} ${amount}`, `${amount} ${currency.code}`];
  if (currency.symbol !== null) {
    options.push(language === 'en' ? `${currency.symbol}${amount}` : `${amount} ${currency.symbol}`);
  }
  return random.pick(options);
}

export function currencyWords(currency: Currency, language: Language): string | null {
  return currency.words[language] ?? null;
}
