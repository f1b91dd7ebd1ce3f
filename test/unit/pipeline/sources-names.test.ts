import { describe, expect, it } from 'vitest';
import { displayName, MAX_DISPLAY_NAME_BYTES } from '../../../pipeline/sources/display-name.ts';
import { numberedName } from '../../../pipeline/sources/file-moves.ts';
import { isIgnoredName } from '../../../pipeline/sources/inbox-entries.ts';

describe('isIgnoredName', () => {
  it.each([
    '.DS_Store',
    '.hidden.pdf',
    '.~lock.invoice.docx#',
    '~$invoice.docx',
    'invoice.pdf.part',
    'invoice.pdf.PART',
    'scan.tmp',
    'download.crdownload',
    'big.pdf.partial',
    'safari.download',
    'Thumbs.db',
    'desktop.ini',
  ])('ignores %j', (name) => {
    expect(isIgnoredName(name)).toBe(true);
  });

  it.each(['invoice.pdf', 'scan 1.TIFF', 'part.pdf', 'tmp.png', 'notes~.jpg', 'bill.of.lading.pdf'])(
    'takes %j',
    (name) => {
      expect(isIgnoredName(name)).toBe(false);
    },
  );
});

describe('displayName', () => {
  it.each([
    ['invoice.pdf', 'invoice.pdf'],
    ['  spaced.pdf  ', 'spaced.pdf'],
    ['..\\..\\x.pdf', '.._.._x.pdf'],
    ['a/b.pdf', 'a_b.pdf'],
    ['nul\u0000byte.pdf', 'nul_byte.pdf'],
    ['tab\tnew\nline.pdf', 'tab_new_line.pdf'],
    ['invoice\u202Efdp.exe', 'invoice_fdp.exe'],
    ['CON.pdf', '_CON.pdf'],
    ['lpt1', '_lpt1'],
    ['..', 'file'],
    ['', 'file'],
    ['Cafe\u0301.pdf', 'Café.pdf'],
  ])('makes %j safe as %j', (input, output) => {
    expect(displayName(input)).toBe(output);
  });

  it('cuts a long name to 255 UTF-8 bytes without splitting a character, keeping the extension', () => {
    const name = displayName(`${'ü'.repeat(300)}.pdf`);
    expect(Buffer.byteLength(name, 'utf8')).toBeLessThanOrEqual(MAX_DISPLAY_NAME_BYTES);
    expect(name.endsWith('ü.pdf')).toBe(true);
    expect(name).not.toContain('\uFFFD');
  });
});

describe('numberedName', () => {
  it('numbers the stem and keeps the extension', () => {
    expect(numberedName('invoice.pdf', 0, 255)).toBe('invoice.pdf');
    expect(numberedName('invoice.pdf', 2, 255)).toBe('invoice (2).pdf');
    expect(numberedName('README', 1, 255)).toBe('README (1)');
  });

  it('shortens the stem so the numbered name still fits', () => {
    const name = numberedName(`${'a'.repeat(250)}.pdf`, 12, 255);
    expect(Buffer.byteLength(name)).toBe(255);
    expect(name.endsWith('a (12).pdf')).toBe(true);
  });
});
