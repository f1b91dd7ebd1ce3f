import { describe, expect, it } from 'vitest';
import { findLetterheadOrganization } from '../../../src/extraction/fields/letterhead.ts';
import { portLocode } from '../../../src/extraction/fields/port-locode.ts';
import { findSealNumbers } from '../../../src/extraction/fields/shipment-fields.ts';
import { parseMoney } from '../../../src/extraction/parse/amounts.ts';
import { detectLanguage } from '../../../src/extraction/parse/language.ts';
import { documentText } from './document-text-fixture.ts';

describe('portLocode', () => {
  it.each([
    ['HAMBURG', 'DEHAM'],
    ['Hamburg, Germany', 'DEHAM'],
    ['Anvers', 'BEANR'],
    ['ANTWERPEN, BELGIUM', 'BEANR'],
    ['Shanghai', 'CNSHA'],
    ['SAVANNAH, GA', 'USSAV'],
    ['Le Havre', 'FRLEH'],
    ['MARSEILLE, FRANCE', 'FRMRS'],
    ['HAIPHONG, VIETNAM', 'VNHPH'],
    ['Port: Genova (ITGOA)', 'ITGOA'],
  ])('knows %s as %s', (printed, code) => {
    expect(portLocode(printed)).toBe(code);
  });

  it('gives no code for an unknown place or a name that contradicts its country', () => {
    expect(portLocode('Springfield warehouse')).toBeNull();
    expect(portLocode('HAMBURG, CHINA')).toBeNull();
    expect(portLocode(null)).toBeNull();
  });
});

describe('findLetterheadOrganization', () => {
  it('reads the issuer with its legal form from the top of the page', () => {
    const text = documentText([
      'Van der Berg Logistiek B.V.',
      'Havenweg 22, Rotterdam',
      'Bill to:',
      'Delta N.V.',
    ]);
    expect(findLetterheadOrganization(text, [])).toBe('Van der Berg Logistiek B.V.');
  });

  it('skips the buyer named under a "Bill to" label', () => {
    const text = documentText(['Bill to:', 'Delta Import GmbH', 'Invoice No 5']);
    expect(findLetterheadOrganization(text, [])).toBeNull();
  });

  it('finds nothing without a legal form', () => {
    expect(findLetterheadOrganization(documentText(['Hello world', 'Invoice 5']), [])).toBeNull();
  });
});

describe('findSealNumbers', () => {
  it('reads several seals after one label and leaves container numbers out', () => {
    const text = documentText(['Seal Nos: ML-123456, ML-123457', 'Container/Seal: MSKU 100001-6 / SL998877']);
    expect(findSealNumbers(text, ['MSKU1000016'])).toEqual(['ML-123456', 'ML-123457', 'SL998877']);
  });

  it('reads seals in the six languages', () => {
    expect(findSealNumbers(documentText(['Plomb : F457812']), [])).toEqual(['F457812']);
    expect(findSealNumbers(documentText(['Siegel: HL-778899']), [])).toEqual(['HL-778899']);
    expect(findSealNumbers(documentText(['Precinto: 0012345']), [])).toEqual(['0012345']);
  });
});

describe('detectLanguage', () => {
  it.each([
    ['Facture du client et montant de la TVA', 'fr'],
    ['Rechnung und Betrag der MwSt', 'de'],
    ['Factuur van het bedrag met btw', 'nl'],
    ['Factura del cliente y el importe', 'es'],
    ['Fattura della merce e il totale', 'it'],
    ['Invoice amount due to the shipper', 'en'],
  ])('reads "%s" as %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('claims no language from too little text', () => {
    expect(detectLanguage('ETA 03/04/2026')).toBeNull();
  });
});

describe('amounts in European groupings', () => {
  it.each([
    ['12,450.00', '12450.00'],
    ['12.450,00', '12450.00'],
    ['12 450,00', '12450.00'],
    ["12'450.00", '12450.00'],
    ['EUR 12 450,00', '12450.00'],
  ])('reads %s', (printed, amount) => {
    expect(parseMoney(printed)?.amount).toBe(amount);
  });

  it('reads currencies written out', () => {
    expect(parseMoney('12.450,00 Euro')).toEqual({ amount: '12450.00', currency: 'EUR' });
    expect(parseMoney('1,200.00 US dollars')).toEqual({ amount: '1200.00', currency: 'USD' });
  });
});
