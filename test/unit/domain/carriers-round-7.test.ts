import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
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
const parsed = (number: string): string => infer(number).validation.parsedNumber;

describe('what the seventh held-out batch brought up', () => {
  it('reads a number wrapped in chat Markdown, a quoted reply, arrows and Spanish marks', () => {
    for (const wrapped of [
      '**MSKU6787218**',
      '*MSKU6787218*',
      '`MSKU6787218`',
      '_MSKU6787218_',
      '~~MSKU6787218~~',
      '**MSKU6787218**,',
      '> Container: MSKU6787218',
      '→ MSKU6787218',
      'MSKU6787218 <-',
      '¿MSKU6787218?',
    ]) {
      expect(parsed(wrapped), wrapped).toBe('MSKU6787218');
    }
    // A star after a number alone is a footnote's: the number is not whole.
    expect(refusal('MSKU6787218*')).toBeTruthy();
    // Angle brackets around a number are a mail's quoting; a tag (named by letters) is markup.
    expect(parsed('<MSKU6787218>')).toBe('MSKU6787218');
    expect(refusal('<b>MSKU6787218</b>')).toMatch(/markup/);
    // `@` with spaces around it is `at`; without, a mail address.
    expect(parsed('MSKU6787218 @ Rotterdam')).toBe('MSKU6787218');
    expect(refusal('MSKU6787218 ops@example.com')).toMatch(/mail/);
  });

  it('puts back S/5, B/8, Z/2, G/6 and l/1 where the number then holds together, and nowhere else', () => {
    expect(parsed('MSKU6787Z18')).toBe('MSKU6787218');
    expect(parsed('MSKU67B7218')).toBe('MSKU6787218');
    expect(parsed('M5KU6787218')).toBe('MSKU6787218');
    expect(parsed('MRKU0l45918')).toBe('MRKU0145918');
    expect(parsed('MAEU1234S6789')).toBe('MAEU123456789');
    expect(parsed('COSU60123B5678')).toBe('COSU6012385678');
    // A letter that gives no right check digit stays as typed: a mistyped box of its owner, never a bill.
    for (const typed of ['MSKU6787S18', 'MSKU678721l']) {
      const mistyped = infer(typed);
      expect(mistyped.validation.parsedNumber, typed).toBe(typed.toUpperCase());
      expect(mistyped.numberType, typed).toBe('container');
      expect(mistyped.validation.isValid, typed).toBe(false);
      expect(mistyped.candidates[0]?.scac, typed).toBe('MAEU');
      expect(mistyped.decision, typed).not.toBe('auto_select');
    }
    // Bare numbers: any look-alike when the number is digits but for one or two of them; else only O and I
    // (a bare `B1234567` or `AB12345678` is as likely some other reference).
    expect(parsed('6012S45678')).toBe('6012545678');
    expect(parsed('12345678B')).toBe('123456788');
    expect(parsed('B1234567')).toBe('B1234567');
    expect(parsed('AB12345678')).toBe('AB12345678');
    // Four digits are a number's start, not a code typed with digits.
    expect(parsed('5105123456')).toBe('5105123456');
  });

  it("reads a line's code typed twice in front of its bill as the bill once", () => {
    const twice = infer('MAEUMAEU123456789');
    expect(twice.validation.parsedNumber).toBe('MAEU123456789');
    expect(twice.selected?.scac).toBe('MAEU');
    expect(parsed('COSU COSU6012345678')).toBe('COSU6012345678');
    expect(parsed('MSCU MEDUAB123456')).toBe('MEDUAB123456');
    // A line's code before a box stays the box moved by that line.
    expect(parsed('MAEU MRKU2708456')).toBe('MRKU2708456');
  });

  it('splits a box from its equipment code and a label from its number; drops a list item marker', () => {
    expect(parsed('MSKU6787218/40HC')).toBe('MSKU6787218');
    const labelled = infer('BKG-123456789');
    expect(labelled.validation.parsedNumber).toBe('123456789');
    expect(labelled.numberType).toBe('booking');
    expect(parsed('BL-MAEU123456789')).toBe('MAEU123456789');
    expect(parsed('1) MSKU6787218')).toBe('MSKU6787218');
    expect(parsed('(2) MAEU123456789')).toBe('MAEU123456789');
    // A line's own dashes are not a label's.
    expect(parsed('HLCU-HAM-230612345')).toBe('HLCUHAM230612345');
    // Two items of a list are two references; `#1` is a number of its own.
    expect(refusal('1) MSKU6787218 2) MRKU2708456')).toMatch(/second number|several/);
    expect(refusal('#1 MSKU6787218')).toMatch(/second number/);
  });

  it("refuses a trading party's own reference, but not a sentence that names a customer", () => {
    expect(refusal('Customer ref 885781')).toMatch(/own reference/);
    expect(refusal('Client no. MAEU123456789')).toMatch(/own reference/);
    expect(parsed('customer asks about MSKU6787218')).toBe('MSKU6787218');
  });

  it('refuses placeholders, amounts, weights, counts, postal codes and other registers by their labels', () => {
    for (const junk of ['000000000', '99999999', 'MAEU000000000']) {
      expect(refusal(junk), junk).toMatch(/placeholder/);
    }
    for (const junk of [
      'Total: 12345678',
      'Amount 12345678',
      'Zip 10001',
      'DUNS 150483782',
      'Chassis TRAC123456',
    ]) {
      expect(refusal(junk), junk).toMatch(/no carrier prints/);
    }
    // The upstream's own booking example is no placeholder.
    expect(parsed('123456789')).toBe('123456789');
  });
});
