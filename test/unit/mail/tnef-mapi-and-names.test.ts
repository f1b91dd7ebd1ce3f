import { describe, expect, it } from 'vitest';
import { fileNameInDescription, safeFileName } from '../../../src/mail/safe-file-name.ts';
import { longFileName } from '../../../src/mail/tnef-mapi.ts';
import {
  mapiProperties,
  PT_BINARY,
  PT_LONG,
  PT_STRING8,
  PT_UNICODE,
} from '../../support/mail-corpus/corpus-tnef.ts';

const unicode = (text: string) => Buffer.from(`${text}\u0000`, 'utf16le');

describe('longFileName', () => {
  it('finds PidTagAttachLongFilename after fixed, counted and named properties, in UTF-16 or 8-bit', () => {
    const before = [
      { type: PT_LONG, id: 0x3705, value: 1 },
      { type: PT_BINARY, id: 0x3709, value: Buffer.alloc(13, 1) },
      { type: PT_LONG, id: 0x8010, value: 7, name: 'a named property with an odd name' },
    ];
    expect(
      longFileName(
        mapiProperties([...before, { type: PT_UNICODE, id: 0x3707, value: unicode('Lange Rechnung.pdf') }]),
      ),
    ).toBe('Lange Rechnung.pdf');
    expect(
      longFileName(
        mapiProperties([
          ...before,
          { type: PT_STRING8, id: 0x3707, value: Buffer.from('état.pdf\u0000', 'latin1') },
        ]),
      ),
    ).toBe('état.pdf');
  });

  it('is null without the property, for a type it cannot size, and for data cut short or lying', () => {
    expect(longFileName(mapiProperties([{ type: PT_LONG, id: 0x3705, value: 1 }]))).toBeNull();
    // PtypServerId (0x00FB) is not sized by the walk: it stops rather than guess.
    const unknownType = Buffer.concat([mapiProperties([{ type: 0x00fb, id: 0x1234, value: 0 }])]);
    expect(longFileName(unknownType)).toBeNull();
    const whole = mapiProperties([{ type: PT_UNICODE, id: 0x3707, value: unicode('cut.pdf') }]);
    expect(longFileName(whole.subarray(0, whole.length - 6))).toBeNull();
    const countLies = Buffer.from(whole);
    countLies.writeUInt32LE(0xffffffff, 0);
    expect(longFileName(countLies)).toBeNull();
    expect(longFileName(Buffer.alloc(2))).toBeNull();
  });
});

describe('file names from Content-Description and percent-encoded separators', () => {
  it('takes a description that is a file name, not one in words or over lines', () => {
    expect(fileNameInDescription(' scan0001.pdf ')).toBe('scan0001.pdf');
    expect(fileNameInDescription('Scanned Document 12.PDF')).toBe('Scanned Document 12.PDF');
    expect(fileNameInDescription('Scanned document from MFP-3F')).toBeNull();
    expect(fileNameInDescription('firmware v1.2')).toBeNull();
    expect(fileNameInDescription('two\nlines.pdf')).toBeNull();
    expect(fileNameInDescription(undefined)).toBeNull();
  });

  it('cuts a name at a separator written %2f or %5c, once or more encoded', () => {
    expect(safeFileName('%2e%2e%2fpasswd.pdf', 'pdf', 1)).toBe('passwd.pdf');
    expect(safeFileName('..%5C..%5cboot.pdf', 'pdf', 1)).toBe('boot.pdf');
    expect(safeFileName('%252e%252e%252Fx.pdf', 'pdf', 1)).toBe('x.pdf');
    expect(safeFileName('100%25 done.pdf', 'pdf', 1)).toBe('100%25 done.pdf');
  });
});
