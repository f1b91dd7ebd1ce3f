import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readReferenceInput } from '../../../src/domain/carriers/reference-input.ts';

const number = (input: string): string => {
  const read = readReferenceInput(input);
  if (!read.readable) throw new Error(`${JSON.stringify(input)} was refused: ${read.reason}`);
  return read.number;
};

describe('reading a pasted carrier reference', () => {
  it('drops the separators printed markings and pasted text use, and the case', () => {
    for (const pasted of [
      'MSKU 678721 8',
      'MSKU-678721-8',
      'msku6787218',
      ' MSKU6787218 \n',
      '\tMSKU\u00a0678721\u20138',
      'MSKU\u200b6787218\ufeff',
      'MSKU.678721/8',
      '\uff2d\uff33\uff2b\uff35\uff16\uff17\uff18\uff17\uff12\uff11\uff18',
      'MSKU 678721 (8)',
      'MSKU678721[8]',
    ]) {
      expect(number(pasted), JSON.stringify(pasted)).toBe('MSKU6787218');
    }
  });

  it('reads a reference split into words for reading as one reference', () => {
    for (const [pasted, plain] of [
      ['EGLV 123456 789012', 'EGLV123456789012'],
      ['HLCU HAM 230612345', 'HLCUHAM230612345'],
      ['hdmu SELM 12345678', 'HDMUSELM12345678'],
    ] as const) {
      expect(number(pasted), pasted).toBe(plain);
    }
    // A word in title case is a line's code only where the catalog says so (`Medu`); else a name's (`Ming`).
    const read = readReferenceInput('Medu T6664162', (word) => word.toUpperCase() === 'MEDU');
    expect(read).toMatchObject({ readable: true, number: 'MEDUT6664162' });
    expect(readReferenceInput('Yang Ming ABC123456')).toMatchObject({ readable: true, number: 'ABC123456' });
  });

  it('reads the one reference out of its label, a sentence, quotes and punctuation', () => {
    for (const [pasted, plain, labelled] of [
      ['BL: MAEU123456789', 'MAEU123456789', 'bill_of_lading'],
      ['B/L No. MAEU123456789', 'MAEU123456789', 'bill_of_lading'],
      ['Bill of lading: COSU6012345678', 'COSU6012345678', 'bill_of_lading'],
      ['BKG# 23456789', '23456789', 'booking'],
      ['Booking No.: EBKG12345678', 'EBKG12345678', 'booking'],
      ['booking 123456789', '123456789', 'booking'],
      ['Container MSKU6787218', 'MSKU6787218', 'container'],
      ['Cntr No. MSKU6787218', 'MSKU6787218', 'container'],
      ['#MSKU6787218', 'MSKU6787218', undefined],
      ['(MSKU6787218)', 'MSKU6787218', undefined],
      ['"MSKU6787218"', 'MSKU6787218', undefined],
      ['MSKU6787218;', 'MSKU6787218', undefined],
      ['where is msku6787218?', 'MSKU6787218', undefined],
      ['Please track MSKU 678721 8 for me.', 'MSKU6787218', undefined],
      ['status of OOLU 2712345678 please', 'OOLU2712345678', undefined],
      ['Our B/L is HLCU HAM 230612345, thanks', 'HLCUHAM230612345', 'bill_of_lading'],
      ['MSC MEDUT6664162', 'MEDUT6664162', undefined],
      ['HBL SHA12345678', 'SHA12345678', 'house_bill'],
      ['MSKU678721 8', 'MSKU6787218', undefined],
      ['MEDU AB 123456', 'MEDUAB123456', undefined],
    ] as const) {
      const read = readReferenceInput(pasted);
      expect(read, pasted).toMatchObject({
        readable: true,
        number: plain,
        ...(labelled ? { labelled } : {}),
      });
      if (labelled === undefined) expect(read, pasted).not.toHaveProperty('labelled');
    }
  });

  it('refuses junk around a number, other scripts and strings that are no reference', () => {
    for (const junk of [
      'MSKU6787218 ✓',
      'MSKU6787218 and TCNU4808076',
      'MSKU6787218, TCNU4808076.',
      'https://example.com/t/MSKU6787218',
      'www.example.com/MSKU6787218',
      'ops@example.com',
      '<td>MSKU6787218</td>',
      '+1 (555) 010-1234',
      'booking to follow',
      'PO 4500123456',
      'Invoice 2026-0042',
      'MSKU6787218 ETA 2026-11-30',
      '#1 MSKU6787218',
      'MSKU6787218 x 1',
      'MBL: HLCUHAM230612345 / HBL: SHA123456',
      '\u041cSKU6787218',
      '\u039cEDUT6664162',
      'ma\u0131u123456789',
      'stra\u00dfe12345',
      'MSKU_6787218',
      '\u2116 MSKU6787218',
      'MSKU6787218\u00b2',
      'MSKU6787218 TCNU4808076',
      'MSKU6787218\nTCNU4808076',
      'MAEU123456789 MAEU987654321',
      'MSKU',
      'HELLOWORLD',
      '',
      'x'.repeat(500),
    ]) {
      expect(readReferenceInput(junk).readable, JSON.stringify(junk)).toBe(false);
    }
  });

  it('returns only upper-case Latin letters and digits, 5 to 30 of them', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (input) => {
        const read = readReferenceInput(input);
        if (read.readable) expect(read.number).toMatch(/^[A-Z0-9]{5,30}$/);
      }),
    );
  });
});

describe('reading a reference pasted out of a mail (round 4)', () => {
  it('reads the reference before a signature, whose phone numbers and addresses are the sender’s', () => {
    for (const [pasted, plain] of [
      ['Container# MSKU6787218\nJohn Doe\nTel: +1 555 010 1234\njohn@example.com', 'MSKU6787218'],
      ['MBL: MAEU123456789\n-- \nAnna | Ops | +31 10 1234567', 'MAEU123456789'],
      ['Hi,\nplease check MBL COSU6012345678\nThanks & regards\nAnna', 'COSU6012345678'],
      ['BL MAEU123456789\nBest regards, Anna\nwww.example.com', 'MAEU123456789'],
      ['MSKU 678721 (8)\nRegards', 'MSKU6787218'],
    ] as const) {
      expect(number(pasted), JSON.stringify(pasted)).toBe(plain);
    }
  });

  it('drops soft hyphens and CJK and low quotes around the reference', () => {
    for (const pasted of ['MSKU\u00ad6787218', '「MSKU6787218」', '【MSKU6787218】', '„MSKU6787218“']) {
      expect(number(pasted), JSON.stringify(pasted)).toBe('MSKU6787218');
    }
  });

  it('refuses dates, phone numbers and numbers labelled as no carrier’s, which only look like references', () => {
    for (const junk of [
      '2024-03-15',
      '15.03.2024',
      '03/15/2024',
      '15-MAR-2024',
      'March 15, 2024',
      '(555) 010-1234',
      'Tel: 040 726089',
      'Fax 040 7260890',
      'Seal No. 4907219',
      'Entry No. 123-9358026-1',
      'HS code 8471.30.0212',
      'Order #031665',
      // Before the reference, a sign-off word is no sign-off: nothing has been said yet.
      'Thanks (555) 010-1234',
    ]) {
      expect(readReferenceInput(junk).readable, JSON.stringify(junk)).toBe(false);
    }
  });

  it('takes S/O (a shipping order) as a booking label', () => {
    expect(readReferenceInput('S/O No. 6012345678')).toMatchObject({ readable: true, labelled: 'booking' });
    // In a sentence `so` is a word, and the label after it counts.
    expect(readReferenceInput('so the BL is MAEU123456789')).toMatchObject({ labelled: 'bill_of_lading' });
  });
});
