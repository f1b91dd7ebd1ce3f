import { describe, expect, it } from 'vitest';
import { safeFileName, safeReportedName } from '../../../src/mail/safe-file-name.ts';

describe('safeFileName', () => {
  it('keeps an ordinary name', () => {
    expect(safeFileName('Bill of Lading.pdf', 'pdf', 1)).toBe('Bill of Lading.pdf');
    expect(safeFileName('scan.JPEG', 'jpg', 1)).toBe('scan.JPEG');
    expect(safeFileName('page.tiff', 'tif', 1)).toBe('page.tiff');
  });

  it('keeps only the last segment of a path', () => {
    expect(safeFileName('../../etc/passwd.pdf', 'pdf', 1)).toBe('passwd.pdf');
    expect(safeFileName('C:\\Users\\x\\a.pdf', 'pdf', 1)).toBe('a.pdf');
    expect(safeFileName('..', 'pdf', 4)).toBe('attachment-4.pdf');
  });

  it('removes control characters and bidi overrides and isolates', () => {
    expect(safeFileName('a\u0000b\u001fc\u007f\u0085.pdf', 'pdf', 1)).toBe('abc.pdf');
    expect(safeFileName('x\u202Efdp.exe', 'pdf', 1)).toBe('xfdp.exe.pdf');
    expect(safeFileName('\u2066y\u2069.png', 'png', 1)).toBe('y.png');
  });

  it('generates a name from the type when none is left', () => {
    expect(safeFileName(null, 'pdf', 2)).toBe('attachment-2.pdf');
    expect(safeFileName(' \u202E ', 'png', 3)).toBe('attachment-3.png');
  });

  it('caps the length, keeping the end where the extension is', () => {
    const name = safeFileName(`${'a'.repeat(400)}.pdf`, 'pdf', 1);
    expect(name.length).toBe(150);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('safeReportedName', () => {
  it('cleans a name without adding an extension, and keeps null', () => {
    expect(safeReportedName('../x\u202E.ics')).toBe('x.ics');
    expect(safeReportedName(null)).toBeNull();
    expect(safeReportedName('/')).toBeNull();
  });
});
