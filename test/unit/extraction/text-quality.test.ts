import { describe, expect, it } from 'vitest';
import { likelyLanguage } from '../../../src/extraction/ocr/ocr-engine.ts';
import { ocrLines } from '../../../src/extraction/ocr/ocr-lines.ts';
import { parseTsv } from '../../../src/extraction/ocr/system-tesseract.ts';
import { isGarbageText } from '../../../src/extraction/text-quality.ts';

describe('isGarbageText', () => {
  it.each([
    [
      'an English invoice',
      'COMMERCIAL INVOICE Invoice No.: 7781 Date: 28 Nov 2022 Grand Total: USD 1,500.00',
    ],
    ['a German one', 'RECHNUNG Rechnungsnummer: 2022-118 Datum: 28.11.2022 Gesamtbetrag: 12.450,00 EUR'],
    ['a table of codes and numbers', 'MSCU1234565 40HC 12 CTNS 1,234.50 KGS MSCU7654321 20GP 8 CTNS'],
  ])('keeps %s', (_name, text) => {
    expect(isGarbageText(text)).toBe(false);
  });

  it.each([
    ['private-use glyphs', '\uE001\uE002\uE003 \uE004\uE005 7781 \uE006\uE007\uE008\uE009'],
    ['replacement characters', 'Inv\uFFFD\uFFFD\uFFFD \uFFFD\uFFFD\uFFFD\uFFFD 12'],
    ['letters that spell nothing', 'Xqzv Kwtpr Zzbnm Qrst Vwxz Bcdfg Hjklm Xqzv Kwtpr Zzbnm'],
  ])('rejects %s', (_name, text) => {
    expect(isGarbageText(text)).toBe(true);
  });
});

describe('likelyLanguage', () => {
  it('finds French, German and Dutch by their small words, and says nothing for English', () => {
    expect(
      likelyLanguage('FACTURE Date de la facture : 28 décembre 2022 Montant total des marchandises'),
    ).toBe('fra');
    expect(likelyLanguage('RECHNUNG Datum der Rechnung und die Lieferung mit dem Schiff')).toBe('deu');
    expect(likelyLanguage('FACTUUR Het totaal van de factuur voor een zending')).toBe('nld');
    expect(
      likelyLanguage('COMMERCIAL INVOICE The total amount of the invoice for the goods'),
    ).toBeUndefined();
  });
});

describe('OCR words to lines', () => {
  const tsv = [
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
    '5\t1\t1\t1\t1\t1\t100\t100\t120\t30\t95.1\tInvoice',
    '5\t1\t1\t1\t1\t2\t235\t102\t60\t28\t91.0\tNo.:',
    // A value in another block, on the same visual line, further right.
    '5\t1\t2\t1\t1\t1\t900\t101\t180\t30\t88.5\tINV-20481',
    '5\t1\t1\t1\t2\t1\t100\t180\t90\t30\t97.0\tTotal',
    '5\t1\t1\t1\t2\t2\t-1\t-1\t0\t0\t-1\t',
  ].join('\n');

  it('reads the words of tesseract TSV, skipping empty rows', () => {
    expect(parseTsv(tsv).map((word) => word.text)).toEqual(['Invoice', 'No.:', 'INV-20481', 'Total']);
  });

  it('puts a label and a value from different blocks on one line, as separate cells, top line first', () => {
    const lines = ocrLines({ words: parseTsv(tsv), width: 1200, height: 400 }, 1);
    expect(lines.map((line) => line.cells.map((cell) => cell.text))).toEqual([
      ['Invoice No.:', 'INV-20481'],
      ['Total'],
    ]);
    expect(lines[0]).toMatchObject({ page: 1, source: 'ocr', confidence: 92 });
  });
});

describe('a text layer in shifted letters', () => {
  it('is garbage though its words have vowels, and real text with many codes is not', () => {
    const shifted = [
      'Kroodqgld Eorhperoohq E.Y.',
      'Vwdwlrqvzhj 4, 2161 DP Olvvh SDNOLMVW',
      'Sdnolmvwqxpphu SO-22-0931 Gdwxp 28-11-2022 Rqwydqjhu',
      'Shqqlqh Zrroohq Ploov Olplwhg Kdolida KA1 2DE',
    ].join('\n');
    expect(isGarbageText(shifted)).toBe(true);
    const real = [
      'Hollandia Bloembollen B.V.',
      'Stationsweg 4, 2161 AM Lisse PAKLIJST',
      'Paklijstnummer PL-22-0931 Datum 28-11-2022 Ontvanger',
      'Containers MSCU1234565 HLXU8123451 TGHU4549906 SL166094 Brutogewicht 16.341,300 Kgs',
    ].join('\n');
    expect(isGarbageText(real)).toBe(false);
  });
});
