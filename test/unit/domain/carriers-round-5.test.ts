import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import { type InferredNumber, inferNumber } from '../../../src/domain/carriers/infer-number.ts';

const infer = (number: string): InferredNumber => {
  const result = inferNumber(number, CARRIER_CATALOG);
  if ('unreadable' in result) throw new Error(`${number} was refused: ${result.reason}`);
  return result;
};
const refusal = (number: string): string => {
  const result = inferNumber(number, CARRIER_CATALOG);
  if (!('unreadable' in result)) throw new Error(`${number} was read as ${result.validation.parsedNumber}`);
  return result.reason;
};

describe('what the fifth held-out batch brought up', () => {
  it("refuses other trades' numbers by their shapes and check digits, saying which", () => {
    expect(refusal('176-12345675')).toMatch(/air waybill/);
    expect(refusal('057 1234 5675')).toMatch(/air waybill/);
    expect(refusal('IMO9074729')).toMatch(/IMO/);
    expect(refusal('0FA3RW1MA')).toMatch(/voyage/);
    expect(refusal('2245W')).toMatch(/voyage/);
    expect(refusal('NW518A')).toMatch(/voyage/);
    expect(refusal('8471.30.0100')).toMatch(/tariff/);
    expect(refusal('DE123456789')).toMatch(/VAT/);
    expect(refusal('GB29 NWBK 6016 1331 9268 19')).toBeTruthy();
    expect(refusal('DE89370400440532013000')).toMatch(/IBAN/);
    expect(refusal('AB1-2345678-9')).toMatch(/customs entry/);
    expect(refusal('113-1234567-1234567')).toMatch(/order/);
    expect(refusal('1Z999AA10123456784')).toMatch(/parcel/);
    expect(refusal('EE123456785US')).toMatch(/postal/);
    expect(refusal('9400111202061234567890')).toMatch(/more digits/);
    expect(refusal('20261124')).toMatch(/date/);
    expect(refusal('MAEU-PO-4500012345')).toMatch(/labelled inside/);
    for (const labelled of [
      'AWB 176-12345675',
      'IMO 9074729',
      'Voy. 045W',
      'VAT DE123456789',
      'PRO 123456789',
    ]) {
      expect(refusal(labelled), labelled).toMatch(/labelled/);
    }
    expect(refusal('FedEx 748912345678')).toMatch(/labelled/);
    for (const labelled of [
      'ISO 6346',
      'Flight LH400',
      'Truck plate HH-AB 1234',
      'GTIN 4006381333931',
      'N/A 123',
    ]) {
      expect(refusal(labelled), labelled).toMatch(/labelled/);
    }
    expect(refusal('555-010-1234')).toMatch(/phone/);
    expect(refusal('123-45-6789')).toMatch(/tax/);
    expect(refusal('Royal Mail EE123456785US')).toMatch(/postal/);
  });

  it('keeps carriers numbers that come near those rules', () => {
    // Eleven bare digits fail no line's shape but may be a line's booking: refused as an air waybill only
    // behind a large cargo airline's prefix with the serial's check right (round 6), or typed as one.
    expect(infer('30012345675').validation.parsedNumber).toBe('30012345675');
    expect(infer('17612345676').validation.parsedNumber).toBe('17612345676');
    // A check digit that fails keeps the number: one in seven, ten or 97 would pass by chance.
    expect(infer('176-12345676').validation.parsedNumber).toBe('17612345676');
    expect(infer('IMO9074728').validation.parsedNumber).toBe('IMO9074728');
    // A booking's 8 digits that are no date in the years carriers print, and a bill of 12 digits.
    expect(infer('20261340').numberType).toBe('booking');
    expect(infer('EGLV 1234 5678 9012').selected?.scac).toBe('EGLV');
    expect(infer('HLCU-HAM-230612345').selected?.scac).toBe('HLCU');
  });

  it('refuses only on a label before the number, the nearest one deciding', () => {
    for (const [pasted, plain] of [
      ['MSKU6787218 on vessel Maersk Essen', 'MSKU6787218'],
      ['B/L MAEU123456789 vessel Maersk Essen', 'MAEU123456789'],
      ['Vessel Maersk Essen, container MSKU6787218', 'MSKU6787218'],
    ] as const) {
      expect(infer(pasted).validation.parsedNumber, pasted).toBe(plain);
    }
    expect(refusal('Container seal 1234567')).toMatch(/labelled/);
  });

  it('refuses quantities, amounts and labels typed onto their digits', () => {
    for (const pasted of ['12500 KGS', 'USD 1250', '40 CBM', 'MSKU6787218 1 TEU']) {
      expect(refusal(pasted), pasted).toBeTruthy();
    }
    expect(refusal('PO4500012345')).toMatch(/labelled/);
    expect(refusal('INV2024001')).toMatch(/labelled/);
    // Pan Ocean's boxes start with PO: a label only before digits.
    expect(infer('POLU1234567').numberType).toBe('container');
  });

  it('refuses a list of numbers separated by commas, whatever their length', () => {
    expect(refusal('Bookings: 12345678, 23456789')).toMatch(/list/);
    expect(refusal('MSKU6787218; TGHU1234565')).toBeTruthy();
    // An equipment code after a comma is another cell of the box's row.
    expect(infer('MSKU6787218, 40HC').validation.parsedNumber).toBe('MSKU6787218');
  });

  it('reads labels in Chinese, Japanese, Korean and Arabic, with or without a space before the number', () => {
    expect(infer('提单号MAEU123456789')).toMatchObject({
      numberType: 'bill_of_lading',
      selected: { scac: 'MAEU' },
    });
    expect(infer('订舱号：6012345678').numberType).toBe('booking');
    expect(infer('柜号：MSKU6787218').validation.parsedNumber).toBe('MSKU6787218');
    expect(infer('B/L番号：MAEU123456789').numberType).toBe('bill_of_lading');
    expect(infer('コンテナ番号 MSKU6787218').numberType).toBe('container');
    expect(infer('예약번호 12345678').numberType).toBe('booking');
    expect(infer('提单号 COSU6012345678，谢谢').validation.parsedNumber).toBe('COSU6012345678');
    expect(infer('رقم الحاوية: MSKU6787218').numberType).toBe('container');
    // The label beside a bill shape makes it a booking, as a Latin label does.
    expect(infer('ブッキング番号 TYOE12345678').numberType).toBe('booking');
  });

  it('refuses numbers labelled in other scripts as a phone, an invoice or an order', () => {
    for (const pasted of [
      '电话 13812345678',
      '发票号 12345678',
      '订单号：4500123456',
      '전화 010-1234-5678',
      'هاتف ٠١٢٣٤٥٦٧٨٩',
    ]) {
      expect(refusal(pasted), pasted).toMatch(/labelled/);
    }
  });

  it('reads Arabic-Indic digits as digits, and drops the direction marks of right-to-left text', () => {
    expect(infer('MSKU٦٧٨٧٢١٨').validation.parsedNumber).toBe('MSKU6787218');
    expect(infer('MSKU ۶۷۸۷۲۱۸').validation.parsedNumber).toBe('MSKU6787218');
    expect(infer('\u200fMSKU6787218\u200f').validation.parsedNumber).toBe('MSKU6787218');
    expect(infer('\u2067MAEU123456789\u2069').selected?.scac).toBe('MAEU');
  });

  it('reads labels in other Latin-script languages: accents, n° and Nº', () => {
    for (const [pasted, plain] of [
      ['Conteneur n° MSKU6787218', 'MSKU6787218'],
      ['N° BL : MAEU123456789', 'MAEU123456789'],
      ['Nº de contenedor: MSKU6787218', 'MSKU6787218'],
      ['Numéro de BL : MAEU123456789', 'MAEU123456789'],
      ['Número de reserva 12345678', '12345678'],
    ] as const) {
      expect(infer(pasted).validation.parsedNumber, pasted).toBe(plain);
    }
  });

  it('takes the number type from labels in German, Dutch, French, Spanish, Italian and Portuguese', () => {
    for (const [pasted, type] of [
      ['Konnossement-Nr. 6012345678', 'bill_of_lading'],
      ['Conocimiento de embarque NYC1234567', 'bill_of_lading'],
      ['Polizza di carico 6012345678', 'bill_of_lading'],
      ['Buchungsnummer: TYOE12345678', 'booking'],
      ['Réservation LHV1234567', 'booking'],
      ['Containernummer MSKU6787218', 'container'],
    ] as const) {
      expect(infer(pasted).numberType, pasted).toBe(type);
    }
  });

  it("takes a line's name in title case before a number for a name, not the number's prefix", () => {
    expect(infer('Yang Ming ABC123456')).toMatchObject({
      validation: { parsedNumber: 'ABC123456' },
      selected: { scac: 'YMLU' },
    });
    expect(infer('pls track bkg 12345678 (hapag)').selected).toMatchObject({ scac: 'HLCU', confidence: 0.9 });
    // Codes keep their place in front: a line's code in any case, an office code in capitals.
    expect(infer('Medu T6664162').validation.parsedNumber).toBe('MEDUT6664162');
    expect(infer('hdmu SELM 12345678').validation.parsedNumber).toBe('HDMUSELM12345678');
    expect(infer('CMDU NYC 1234567').validation.parsedNumber).toBe('CMDUNYC1234567');
  });

  it('still refuses letters of other scripts inside the number', () => {
    expect(refusal('МSKU6787218')).toBeTruthy();
    expect(refusal('MSKU6787218 ΟΟLU1234567')).toBeTruthy();
  });
});
