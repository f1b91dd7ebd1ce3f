import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../../src/extraction/detect-file-type.ts';
import { makeTextPdf } from '../../support/samples/special-pdfs.ts';

describe('detectFileType', () => {
  it('recognises a PDF by its header', async () => {
    expect(await detectFileType(await makeTextPdf(['hello']))).toEqual({
      mime: 'application/pdf',
      ext: 'pdf',
    });
  });

  it('recognises a PDF whose header follows a little junk, as readers allow', async () => {
    const bytes = Buffer.concat([
      Buffer.from('X-Mailer junk\r\n'),
      Buffer.from(await makeTextPdf(['hello'])),
    ]);
    expect(await detectFileType(bytes)).toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });

  it('does not take a file that merely mentions %PDF- later on for a PDF past the header window', async () => {
    const text = Buffer.concat([Buffer.alloc(2048, 0x20), Buffer.from('%PDF-1.7')]);
    expect(await detectFileType(text)).toBeUndefined();
  });

  it('recognises a PNG', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(await detectFileType(png)).toMatchObject({ mime: 'image/png' });
  });

  it('returns undefined for plain text', async () => {
    expect(await detectFileType(Buffer.from('just some text, no magic'))).toBeUndefined();
  });
});
