import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentText } from '../../../src/extraction/document-text.ts';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { createExtractionPool } from '../../../src/extraction/extraction-pool.ts';
import { ocrEngine, useOcrEngine } from '../../../src/extraction/ocr/ocr-engine.ts';
import { readImageText } from '../../../src/extraction/ocr/read-image-text.ts';
import { stopTesseractJs } from '../../../src/extraction/ocr/tesseract-js.ts';
import { readPdfText } from '../../../src/extraction/pdf/read-pdf-text.ts';
import { brokenEncodingPdf, imageOnlyPdf, multiPageTiff, textPng } from '../../support/samples/ocr-images.ts';

const INVOICE = [
  'COMMERCIAL INVOICE',
  'Invoice No.: INV-20481',
  'Invoice Date: 28 Nov 2022',
  'Grand Total: USD 12,450.00',
];
const hints = { filename: 'scan', contentType: null };

const installed = (command: string, flag: string): boolean => {
  try {
    execFileSync(command, [flag], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const hasSystemTesseract = installed('tesseract', '--version');
const hasPdftoppm = installed('pdftoppm', '-v');

/** The words OCR found, in reading order, one string. */
const words = (text: DocumentText): string => text.lines.map((line) => line.text).join(' ');

function expectInvoiceWords(text: DocumentText): void {
  const read = words(text);
  for (const token of ['COMMERCIAL', 'INVOICE', 'INV-20481', '28', 'Nov', '2022', '12,450.00']) {
    expect(read).toContain(token);
  }
  expect(text.lines.every((line) => line.source === 'ocr')).toBe(true);
  expect(text.lines.every((line) => (line.confidence ?? 0) > 50)).toBe(true);
}

const engines = [
  { name: 'tesseract.js', run: true },
  { name: 'system', run: hasSystemTesseract },
] as const;

describe.each(engines)('OCR with the $name engine', ({ name, run }) => {
  let png: Buffer;
  beforeAll(async () => {
    useOcrEngine(name);
    png = await textPng(INVOICE);
  });
  afterAll(async () => {
    useOcrEngine('auto');
    await stopTesseractJs();
  });

  it.runIf(run)('uses the engine asked for', () => {
    expect(ocrEngine().name).toBe(name);
  });

  it.runIf(run)(
    'reads a PNG into positioned lines, label and value on one line',
    async () => {
      const text = await readImageText(png);
      expectInvoiceWords(text);
      expect(text.lines.map((line) => line.text)).toContain('Invoice No.: INV-20481');
      expect(text.lines[0]?.cells[0]?.x).toBeGreaterThan(0);
    },
    60_000,
  );

  it.runIf(run)(
    'reads a JPEG and extracts its fields',
    async () => {
      const jpeg = await sharp(png).jpeg({ quality: 80 }).toBuffer();
      const result = await extractDocument(jpeg, hints);
      expect(result).toMatchObject({
        ok: true,
        documentType: 'commercial_invoice',
        payload: { invoice_number: 'INV-20481', invoice_date: '2022-11-28', total_amount: '12450.00' },
      });
    },
    60_000,
  );

  it.runIf(run)(
    'reads every page of a multi-page TIFF',
    async () => {
      const second = await textPng(['PACKING LIST', 'Total Packages: 12 CARTONS']);
      const text = await readImageText(await multiPageTiff([png, second]));
      expect(text.pageCount).toBe(2);
      expect(text.pagesRead).toBe(2);
      expect(text.lines.filter((line) => line.page === 2).map((line) => line.text)).toContain('PACKING LIST');
      expectInvoiceWords({ ...text, lines: text.lines.filter((line) => line.page === 1) });
    },
    60_000,
  );

  it.runIf(run)(
    'reads an image-only PDF made from a PNG and one made from a JPEG',
    async () => {
      expectInvoiceWords(await readPdfText(await imageOnlyPdf(png, 'png')));
      const jpeg = await sharp(png).jpeg({ quality: 85 }).toBuffer();
      expectInvoiceWords(await readPdfText(await imageOnlyPdf(jpeg, 'jpeg')));
    },
    60_000,
  );

  it.runIf(run)(
    'turns a photo taken sideways upright',
    async () => {
      const sideways = await sharp(png).rotate(90).jpeg({ quality: 85 }).toBuffer();
      const text = await readImageText(sideways);
      expectInvoiceWords(text);
      expect(text.lines.map((line) => line.text)).toContain('Grand Total: USD 12,450.00');
    },
    90_000,
  );

  it.runIf(run)(
    'turns a page scanned upside down',
    async () => {
      const text = await readImageText(await sharp(png).rotate(180).toBuffer());
      expectInvoiceWords(text);
    },
    90_000,
  );
});

describe('OCR of other languages, offline with tesseract.js', () => {
  beforeAll(() => {
    useOcrEngine('tesseract.js');
  });
  afterAll(async () => {
    useOcrEngine('auto');
    await stopTesseractJs();
  });

  it('reads a French page again with French data: accents come out', async () => {
    const png = await textPng([
      'FACTURE',
      'Numéro de la facture : F-2022-118',
      'Date de la facture : 28 décembre 2022',
      'Montant total des marchandises : 12 450,00 EUR',
    ]);
    const read = words(await readImageText(png));
    expect(read).toContain('décembre');
    expect(read).toContain('F-2022-118');
  }, 60_000);
});

describe('OCR of Portuguese, whichever engine has its data', () => {
  afterAll(() => stopTesseractJs());

  // The system tesseract is installed without Portuguese data here and in CI: its page is read again by
  // tesseract.js, which bundles it.
  it('reads a Portuguese page again in Portuguese: cedillas and tildes come out', async () => {
    const png = await textPng([
      'AVISO DE CHEGADA',
      'Navio: SANTA ISABEL   Viagem: 647S',
      'Previsão de atracação: 24/11/2026',
      'Após o término do free time será cobrada a sobreestadia do contêiner.',
    ]);
    const read = words(await readImageText(png));
    expect(read).toContain('atracação:');
    expect(read).toContain('Após');
  }, 60_000);
});

describe('OCR in the extraction pool', () => {
  const pool = createExtractionPool(2);
  afterAll(() => pool.close());

  it('reads images in worker threads, two at a time', async () => {
    const png = await textPng(INVOICE);
    const jpeg = await sharp(png).jpeg({ quality: 85 }).toBuffer();
    const results = await Promise.all([png, jpeg].map((bytes) => pool.extract(bytes, hints)));
    for (const result of results) {
      expect(result).toMatchObject({ ok: true, payload: { invoice_number: 'INV-20481' } });
    }
  }, 90_000);
});

describe('OCR fallback for a garbage text layer', () => {
  afterAll(() => stopTesseractJs());

  it('reads the page image when the text layer spells no words', async () => {
    const garbage = Array.from({ length: 6 }, () => 'Xqzv Kwtpr Zzbnm Qrst Vwxz Bcdfg Hjklm');
    const pdf = await imageOnlyPdf(await textPng(INVOICE), 'png', garbage);
    const text = await readPdfText(pdf);
    expectInvoiceWords(text);
    expect(words(text)).not.toContain('Xqzv');
  }, 60_000);

  it.runIf(hasPdftoppm)(
    'renders a page whose font has no usable encoding and reads it',
    async () => {
      const text = await readPdfText(await brokenEncodingPdf(INVOICE));
      expectInvoiceWords(text);
    },
    60_000,
  );
});

describe('OCR limits', () => {
  it('reads at most the page cap of a long TIFF but reports its page count', async () => {
    const pages = await Promise.all(
      ['first', 'second', 'third'].map((word) => textPng([`Page ${word} here`])),
    );
    const text = await readImageText(await multiPageTiff(pages), { maxPages: 2, timeLimitMs: 60_000 });
    expect(text).toMatchObject({ pageCount: 3, pagesRead: 2 });
    expect(words(text)).not.toContain('third');
  }, 60_000);

  it('fails with reason timeout once the time limit has passed', async () => {
    await expect(
      readImageText(await textPng(INVOICE), { maxPages: 10, timeLimitMs: 0 }),
    ).rejects.toMatchObject({
      reason: 'timeout',
    });
  });

  it('refuses an image over the pixel limit before decoding it, with reason file_too_large', async () => {
    const result = await extractDocument(pngHeaderClaiming(20_000, 20_000), hints);
    expect(result).toMatchObject({ ok: false, reason: 'file_too_large' });
  });
});

/** A PNG whose header claims a size its (empty) data does not have: a decompression bomb's shape. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(0)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
