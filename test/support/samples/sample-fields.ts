import type { LineItem } from '../../../src/extraction/schemas/commercial-invoice.ts';
import type { ArrivalNoticeFields } from './arrival-notice-pdf.ts';
import type { BillOfLadingFields, Party } from './bill-of-lading-pdf.ts';
import { randomCarrier, randomContainerNumbers } from './carriers.ts';
import type { InvoiceFields } from './invoice-pdf.ts';
import type { PackingListFields } from './packing-list-pdf.ts';
import type { Random } from './random.ts';

/** Plausible random field values for each sample document type. */

const CITIES = [
  'Shenzhen',
  'Ningbo',
  'Hamburg',
  'Rotterdam',
  'Chicago',
  'Osaka',
  'Busan',
  'Valencia',
  'Antwerp',
  'Dallas',
];
const CORES = [
  'Bright Star',
  'Blue Harbor',
  'Golden Bridge',
  'Northwind',
  'Silverline',
  'Redwood',
  'Crescent',
  'Lotus',
];
const TRADES = [
  'Electronics',
  'Textiles',
  'Furniture',
  'Trading',
  'Industries',
  'Imports',
  'Foods',
  'Machinery',
];
const LEGAL = ['Co., Ltd.', 'GmbH', 'B.V.', 'Inc.', 'LLC', 'S.L.', 'Pty Ltd'];
const STREETS = [
  'Harbour Road',
  'Industrial Park Ave',
  'Market Street',
  'Dock Lane',
  'Xinhua Road',
  'Elm Street',
];
const PORTS = [
  'SHANGHAI, CN',
  'NINGBO, CN',
  'YANTIAN, CN',
  'BUSAN, KR',
  'SINGAPORE, SG',
  'ROTTERDAM, NL',
  'HAMBURG, DE',
  'ANTWERP, BE',
  'LOS ANGELES, CA, US',
  'SAVANNAH, GA, US',
  'NEW YORK, NY, US',
  'FELIXSTOWE, GB',
];
const GOODS = [
  'LED desk lamps, model DL-200',
  'Cotton T-shirts, assorted sizes',
  'Oak dining chairs',
  'Stainless steel cookware sets',
  'Bluetooth speakers BX-10',
  'Ceramic floor tiles 60x60',
  'Plastic storage boxes',
  'Bicycle spare parts',
];
const CURRENCIES = ['USD', 'USD', 'USD', 'EUR', 'EUR', 'GBP', 'CNY', 'JPY'];

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const digits = (random: Random, count: number): string =>
  Array.from({ length: count }, () => String(random.int(0, 9))).join('');

export function randomCompany(random: Random): Party {
  return {
    name: `${random.pick(CITIES)} ${random.pick(CORES)} ${random.pick(TRADES)} ${random.pick(LEGAL)}`,
    address: [`${random.int(1, 999)} ${random.pick(STREETS)}`, `${random.pick(CITIES)} ${digits(random, 5)}`],
  };
}

/** A date in 2026 as ISO, plus `offsetDays`. */
export function randomDate(random: Random, offsetDays = 0): string {
  const day = new Date(Date.UTC(2026, 0, 1) + (random.int(0, 330) + offsetDays) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

function twoPorts(random: Random): [string, string] {
  const from = random.pick(PORTS);
  const to = random.pick(PORTS.filter((port) => port !== from));
  return [from, to];
}

function randomVoyage(random: Random): string {
  return random.chance(0.5)
    ? `${pad(random.int(1, 999), 3)}${random.pick(['E', 'W', 'N', 'S'])}`
    : `${random.pick(['FE', 'AE', 'TP'])}${random.int(100, 999)}${random.pick(['E', 'W'])}`;
}

/** A count of hundredths as a decimal string with two fraction digits: 123456 → "1234.56". */
function hundredths(value: bigint | number): string {
  const text = value.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** Money as a decimal string: whole units for JPY, which has no minor unit; cents otherwise. */
function money(minorUnits: bigint, currency: string): string {
  return currency === 'JPY' ? minorUnits.toString() : hundredths(minorUnits);
}

export function randomInvoiceFields(random: Random): InvoiceFields {
  const currency = random.pick(CURRENCIES);
  const itemCount = random.int(1, 5);
  let total = 0n;
  const lineItems: LineItem[] = Array.from({ length: itemCount }, () => {
    const quantity = random.int(1, 2500);
    const unit = BigInt(currency === 'JPY' ? random.int(100, 90_000) : random.int(50, 40_000));
    const amount = unit * BigInt(quantity);
    total += amount;
    return {
      description: random.pick(GOODS),
      quantity: String(quantity),
      unit_price: money(unit, currency),
      amount: money(amount, currency),
    };
  });
  return {
    invoice_number: random.pick([
      `INV-2026-${digits(random, 5)}`,
      `CI${digits(random, 7)}`,
      `2026/${digits(random, 4)}`,
    ]),
    invoice_date: randomDate(random),
    supplier_name: randomCompany(random).name,
    buyer_name: randomCompany(random).name,
    total_amount: money(total, currency),
    currency,
    line_items: lineItems,
  };
}

export function randomBillOfLadingFields(random: Random): BillOfLadingFields {
  const carrier = randomCarrier(random);
  const containers = randomContainerNumbers(random, carrier, random.int(1, 4));
  const [pol, pod] = twoPorts(random);
  const billOfLadingNumber = carrier.billOfLadingNumber(random);
  return {
    bill_of_lading_number: billOfLadingNumber,
    scac_label: random.chance(0.3) ? carrier.scac : null,
    carrier_name: carrier.name,
    container_numbers: containers,
    vessel: random.pick(carrier.vessels),
    voyage: randomVoyage(random),
    port_of_loading: pol,
    port_of_discharge: pod,
    shipper: randomCompany(random),
    consignee: randomCompany(random),
    cargo: containers.map(() => ({
      packages: random.int(10, 1200),
      description: random.pick(GOODS),
      gross_weight_kg: hundredths(random.int(100_000, 2_600_000)),
    })),
  };
}

export function randomArrivalNoticeFields(random: Random): ArrivalNoticeFields {
  const carrier = randomCarrier(random);
  const [pol, pod] = twoPorts(random);
  const eta = randomDate(random);
  const lastFreeDay = new Date(Date.parse(eta) + random.int(3, 7) * 86_400_000).toISOString().slice(0, 10);
  return {
    bill_of_lading_number: carrier.billOfLadingNumber(random),
    carrier_name: carrier.name,
    container_numbers: randomContainerNumbers(random, carrier, random.int(1, 3)),
    vessel: random.pick(carrier.vessels),
    voyage: randomVoyage(random),
    port_of_loading: pol,
    port_of_discharge: pod,
    eta,
    last_free_day: random.chance(0.8) ? lastFreeDay : null,
    consignee: randomCompany(random).name,
    charges: [
      { description: 'Ocean Freight', amount: hundredths(random.int(90_000, 600_000)), currency: 'USD' },
      {
        description: 'Terminal Handling Charge',
        amount: hundredths(random.int(20_000, 60_000)),
        currency: 'USD',
      },
      { description: 'Documentation Fee', amount: '75.00', currency: 'USD' },
    ],
  };
}

export function randomPackingListFields(random: Random): PackingListFields {
  const carrier = randomCarrier(random);
  return {
    packing_list_number: random.pick([`PL-2026-${digits(random, 5)}`, `PK${digits(random, 6)}`]),
    invoice_number: `INV-2026-${digits(random, 5)}`,
    shipper: randomCompany(random).name,
    consignee: randomCompany(random).name,
    container_numbers: random.chance(0.8) ? randomContainerNumbers(random, carrier, random.int(1, 2)) : [],
    rows: Array.from({ length: random.int(1, 4) }, (_, i) => ({
      marks: i === 0 ? 'N/M' : `C/NO. ${i + 1}`,
      description: random.pick(GOODS),
      packages: random.int(1, 400),
      gross_weight_kg: hundredths(random.int(10_000, 1_500_000)),
    })),
    package_unit: random.pick(['CARTONS', 'PALLETS', 'PKGS']),
  };
}
