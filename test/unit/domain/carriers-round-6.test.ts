import { describe, expect, it } from 'vitest';
import { buildCarrierCatalog, CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import { type InferredNumber, inferNumber } from '../../../src/domain/carriers/infer-number.ts';

const infer = (number: string): InferredNumber => {
  const result = inferNumber(number, CARRIER_CATALOG);
  if ('unreadable' in result) throw new Error(`${JSON.stringify(number)} was refused: ${result.reason}`);
  return result;
};
const refusal = (number: string): string => {
  const result = inferNumber(number, CARRIER_CATALOG);
  if (!('unreadable' in result)) throw new Error(`${number} was read as ${result.validation.parsedNumber}`);
  return result.reason;
};

describe('what the sixth held-out batch brought up', () => {
  it("reads the one number of a line's tracking link, the line's site naming the line", () => {
    const cosco = infer(
      'https://elines.coscoshipping.com/ebusiness/cargoTracking?trackingType=BILLOFLADING&number=6012345678',
    );
    // Bare, 10 digits are COSCO's, OOCL's, Matson's or Wan Hai's; the site says COSCO, the query a bill.
    expect(cosco.validation.parsedNumber).toBe('6012345678');
    expect(cosco.numberType).toBe('bill_of_lading');
    expect(cosco.selected?.scac).toBe('COSU');
    expect(infer('https://www.maersk.com/tracking/MRKU2708456').validation.parsedNumber).toBe('MRKU2708456');
    expect(infer('www.hapag-lloyd.com/en/track.html?container=HLXU1908680').selected?.scac).toBe('HLCU');
    expect(infer('msc.com/track-a-shipment?trackingNumber=MEDUVX736954').selected?.scac).toBe('MSCU');
    expect(infer('https://www.one-line.com/en/tracking#/ONEYTYOA12345678').selected?.scac).toBe('ONEY');
    // The same number in the path and the query is one number.
    expect(infer('https://www.zim.com/track/ZCSU6594044?consnumber=ZCSU6594044').selected?.scac).toBe('ZIMU');
  });

  it("refuses any other link, a line's link with no number or two, and a line's site with credentials", () => {
    expect(refusal('https://www.forwarder.example/track?shipment=MSKU6787218')).toMatch(/link/);
    expect(refusal('https://www.maersk.com.evil.example/tracking/MSKU6787218')).toMatch(/link/);
    expect(refusal('https://www.maersk.com/tracking/')).toMatch(/no reference/);
    expect(refusal('https://www.hapag-lloyd.com/t?container=HLXU1908680&container=FANU1234561')).toMatch(
      /several/,
    );
    expect(refusal('https://user:secret@www.maersk.com/tracking/MSKU6787218')).toMatch(/link/);
  });

  it('reads spreadsheet cells and PDF lines: formulas, tabs, trailing commas, a number wrapped at a hyphen', () => {
    expect(infer('="CMAU5719054"').validation.parsedNumber).toBe('CMAU5719054');
    expect(infer('"HLBU1234567",').validation.parsedNumber).toBe('HLBU1234567');
    expect(infer('\tMAEU123456789\t\t').validation.parsedNumber).toBe('MAEU123456789');
    expect(infer('EGLV350721-\n004309').validation.parsedNumber).toBe('EGLV350721004309');
    expect(infer('Booking Conﬁrmation No. 123456789').numberType).toBe('booking');
    // A PDF's letter-spaced text, and a box split for reading with its size and type after it.
    expect(infer('M S K U 6 7 8 7 2 1 8').validation.parsedNumber).toBe('MSKU6787218');
    expect(infer("Container No.: MSKU 678721 8 (40' HC)").validation.parsedNumber).toBe('MSKU6787218');
    expect(infer('HLXU 123456-7 / 40HC').validation.parsedNumber).toBe('HLXU1234567');
    // A bare number a sheet stored as a figure: its `.0` dropped; a figure whose digits are gone, refused.
    expect(infer('6012345678.0').validation.parsedNumber).toBe('6012345678');
    expect(refusal('6.01235E+09')).toBeTruthy();
    // A word after the hyphen is the next line's text, and a second box is a second number.
    expect(refusal('MSKU6787218-\nTGHU1234565')).toMatch(/second number/);
  });

  it('refuses bare air waybills behind a cargo airline prefix, MRNs and UN numbers', () => {
    expect(refusal('17612345675')).toMatch(/air waybill/);
    expect(refusal('02067655685')).toMatch(/air waybill/);
    // Another 3-digit start, or the serial's check wrong: eleven digits stay a possible booking.
    expect(infer('30012345675').numberType).toBe('booking');
    expect(infer('17612345676').numberType).toBe('booking');
    expect(refusal('84DE0P2HRH5F9FS0G9')).toMatch(/MRN/);
    expect(refusal('MRN 84DE0P2HRH5F9FS0G9')).toMatch(/labelled/);
    expect(refusal('UN1263')).toMatch(/UN/);
    expect(refusal('UN 3082')).toMatch(/labelled/);
  });

  it("suggests CMA CGM for a bare office code + 7 digits, and gives a bare booking's validity as unknown", () => {
    const cma = infer('LHV1234567');
    expect(cma.decision).toBe('needs_confirmation');
    expect(cma.selected?.scac).toBe('CMDU');
    expect(cma.candidates.map((c) => c.scac)).toEqual(['CMDU', 'ANNU', 'APLU', 'KMTU']);
    // The upstream guide's booking: `is_valid: null`, needs confirmation, candidates listed.
    const booking = infer('987654321');
    expect(booking.numberType).toBe('booking');
    expect(booking.validation.isValid).toBeNull();
    expect(booking.decision).toBe('needs_confirmation');
    expect(infer('BKG# 6012345678').validation.isValid).toBeNull();
    expect(infer('EBKG12345678').validation.isValid).toBe(true);
    expect(infer('MAEU123456789').validation.isValid).toBe(true);
  });

  it('names a web domain only for a line of the catalog', () => {
    const base = { about: '', carriers: [], lessors: [], web_domains: { MAEU: ['maersk.com'] } };
    expect(() => buildCarrierCatalog(base)).toThrow(/MAEU/);
    expect(CARRIER_CATALOG.lineOfHost('WWW.MAERSK.COM')?.scac).toBe('MAEU');
    expect(CARRIER_CATALOG.lineOfHost('maersk.com.evil.example')).toBeUndefined();
    expect(CARRIER_CATALOG.lineOfHost('notmaersk.com')).toBeUndefined();
  });
});
