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

  it('caps the length, keeping the start of the name and its extension', () => {
    const name = safeFileName(`Invoice-${'a'.repeat(400)}.pdf`, 'pdf', 1);
    expect(name.length).toBe(150);
    expect(name.startsWith('Invoice-')).toBe(true);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('safeFileName against hostile names', () => {
  it('a name that is only an extension is generated, not `pdf.pdf`', () => {
    expect(safeFileName('.pdf', 'pdf', 1)).toBe('attachment-1.pdf');
    expect(safeFileName('...PDF', 'pdf', 2)).toBe('attachment-2.pdf');
    expect(safeFileName('.jpeg', 'jpg', 3)).toBe('attachment-3.jpg');
  });

  it('caps a long name by characters and by UTF-8 bytes, cutting whole code points and keeping the extension', () => {
    const wide = safeFileName(`${'貨'.repeat(300)}.pdf`, 'pdf', 1);
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(200);
    expect(wide).toMatch(/^貨+\.pdf$/);
    const astral = safeFileName(`${'😀'.repeat(150)}.pdf`, 'pdf', 1);
    expect(astral).toMatch(/^(😀)+\.pdf$/u);
    expect(Buffer.byteLength(astral)).toBeLessThanOrEqual(200);
  });

  it('repairs UTF-8 read as Latin-1, and shows an undecodable byte as `_`', () => {
    expect(safeFileName('Rechnung MÃ¤rz.pdf', 'pdf', 1)).toBe('Rechnung März.pdf');
    expect(safeFileName('factur\uFFFD.pdf', 'pdf', 1)).toBe('factur_.pdf');
    // Real Latin-1 text that is not UTF-8 in disguise stays as it is.
    expect(safeFileName('Ãbersicht.pdf', 'pdf', 1)).toBe('Ãbersicht.pdf');
  });
});

describe('safeFileName and Windows', () => {
  it('prefixes the device names Windows reserves, whatever the case or extension', () => {
    expect(safeFileName('CON.pdf', 'pdf', 1)).toBe('_CON.pdf');
    expect(safeFileName('lpt9', 'pdf', 1)).toBe('_lpt9.pdf');
    expect(safeFileName('aux.tar.pdf', 'pdf', 1)).toBe('_aux.tar.pdf');
    // Only the whole first segment: a name that starts with one is an ordinary name.
    expect(safeFileName('console.pdf', 'pdf', 1)).toBe('console.pdf');
    expect(safeFileName('com10.pdf', 'pdf', 1)).toBe('com10.pdf');
  });

  it('removes line and paragraph separators, zero-width spaces and byte order marks', () => {
    expect(safeFileName('\ufeffin\u200bvoice\u2028X-Evil: 1\u2029.pdf', 'pdf', 1)).toBe(
      'invoiceX-Evil: 1.pdf',
    );
  });

  it('drops trailing dots and spaces, which Windows would drop on save', () => {
    expect(safeFileName('invoice.pdf. . .', 'pdf', 1)).toBe('invoice.pdf');
    expect(safeFileName('..', 'pdf', 3)).toBe('attachment-3.pdf');
    expect(safeReportedName('notes.txt . ')).toBe('notes.txt');
  });
});

describe('safeReportedName', () => {
  it('cleans a name without adding an extension, and keeps null', () => {
    expect(safeReportedName('../x\u202E.ics')).toBe('x.ics');
    expect(safeReportedName(null)).toBeNull();
    expect(safeReportedName('/')).toBeNull();
  });

  it('decodes a later RFC 2231 continuation that names a charset of its own in that charset', () => {
    expect(safeFileName("Lieferschein f\u00fcr utf-8''M\u00c3\u00a4rz.pdf", 'pdf', 1)).toBe(
      'Lieferschein für März.pdf',
    );
    expect(safeFileName("Invoice shift_jis'ja'\u0090\u00bf\u008b\u0081\u008f\u0091.pdf", 'pdf', 1)).toBe(
      'Invoice 請求書.pdf',
    );
    // Quotes that name no charset, or a charset that does not explain the bytes, leave the name as it is.
    expect(safeFileName("rock'n'roll.pdf", 'pdf', 1)).toBe("rock'n'roll.pdf");
    expect(safeFileName("a utf-8''\u00ff\u00fe.pdf", 'pdf', 1)).toBe("a utf-8''\u00ff\u00fe.pdf");
  });
});
