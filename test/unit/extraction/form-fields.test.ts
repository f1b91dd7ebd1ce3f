import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { annotationTexts } from '../../../src/extraction/pdf/form-fields.ts';
import { readPdfText } from '../../../src/extraction/pdf/read-pdf-text.ts';

/** A fillable bill of lading as a forwarder sends it: labels printed on the page, values typed into fields. */
async function filledForm(options: { password?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  page.drawText('BILL OF LADING', { x: 50, y: 790, size: 16, font });
  const field = (label: string, name: string, value: string, y: number, height = 16) => {
    label2(page, font, label, y);
    const box = form.createTextField(name);
    if (value.includes('\n')) box.enableMultiline();
    box.setText(value);
    box.addToPage(page, { x: 200, y: y - 4 - (height - 16), width: 300, height });
  };
  field('B/L No.:', 'bl', 'MAEU123456789', 740);
  field('Vessel:', 'vessel', 'MAERSK ESSEN', 715);
  field('Voyage No.:', 'voyage', '245W', 690);
  field('Port of Loading:', 'pol', 'Shanghai', 665);
  field('Port of Discharge:', 'pod', 'Rotterdam', 640);
  field('Shipper:', 'shipper', 'Ningbo Bright Lamps Co., Ltd.\nNo. 8 Harbour Road\nNingbo, China', 600, 48);
  field('Container No.:', 'containers', 'TGHU8765436', 520);
  if (options.password) {
    label2(page, font, 'Portal password:', 495);
    const secret = form.createTextField('secret');
    secret.enablePassword();
    secret.setText('hunter2-do-not-read');
    secret.addToPage(page, { x: 200, y: 491, width: 300, height: 16 });
  }
  return doc.save();
}

const label2 = (page: PDFPage, font: PDFFont, label: string, y: number) =>
  page.drawText(label, { x: 50, y, size: 10, font });

describe('filled PDF forms', () => {
  it("reads a form's field values beside their printed labels", async () => {
    const text = await readPdfText(await filledForm());
    const lines = text.lines.map((line) => line.text.replace(/\s+/g, ' '));
    expect(lines).toContain('B/L No.: MAEU123456789');
    expect(lines).toContain('Port of Discharge: Rotterdam');
    // A multi-line value starts on its label's line and goes on below it.
    expect(lines).toContain('Shipper: Ningbo Bright Lamps Co., Ltd.');
    expect(lines).toContain('No. 8 Harbour Road');
  });

  it('extracts a bill of lading whose values are only in form fields', async () => {
    const result = await extractDocument(await filledForm(), { filename: 'bl-form.pdf', contentType: null });
    expect(result).toMatchObject({
      ok: true,
      documentType: 'bill_of_lading',
      payload: {
        bill_of_lading_number: 'MAEU123456789',
        container_numbers: ['TGHU8765436'],
        vessel_name: 'MAERSK ESSEN',
        port_of_discharge: expect.stringMatching(/rotterdam/i),
      },
    });
  });

  it('never reads a password field', async () => {
    const text = await readPdfText(await filledForm({ password: true }));
    expect(text.lines.map((line) => line.text).join('\n')).not.toContain('hunter2');
  });

  it('places what pdf.js reports and ignores what a hostile file puts in its place', () => {
    expect(
      annotationTexts([
        { subtype: 'Widget', fieldType: 'Tx', fieldValue: 'ok', rect: [100, 700, 200, 716] },
        { subtype: 'Widget', fieldType: 'Ch', fieldValue: ['USD', 7], rect: [100, 600, 200, 616] },
        { subtype: 'FreeText', contentsObj: { str: 'typed on\nthe page' }, rect: [10, 10, 300, 60] },
        { subtype: 'Widget', fieldType: 'Btn', fieldValue: 'On', rect: [0, 0, 10, 10] },
        { subtype: 'Widget', fieldType: 'Tx', fieldValue: 'no box', rect: [1, 2, 3] },
        { subtype: 'Widget', fieldType: 'Tx', fieldValue: 'flat', rect: [0, 5, 10, 5] },
        { subtype: 'Widget', fieldType: 'Tx', fieldValue: 'hidden', rect: [0, 0, 10, 10], hidden: true },
        { subtype: 'Widget', fieldType: 'Tx', fieldValue: 'x', rect: [0, 0, 'NaN', 10] },
        { subtype: 'Link', contentsObj: { str: 'a link' }, rect: [0, 0, 10, 10] },
        null,
        'junk',
      ]).map((item) => item.text),
    ).toEqual(['ok', 'USD', 'typed on', 'the page']);
    const huge = annotationTexts([
      { subtype: 'Widget', fieldType: 'Tx', fieldValue: 'line\n'.repeat(10_000), rect: [0, 0, 100, 100] },
    ]);
    expect(huge.length).toBeLessThanOrEqual(40);
  });
});
