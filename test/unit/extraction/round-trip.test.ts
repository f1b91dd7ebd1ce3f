import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/extraction/extract-document.ts';
import { makeArrivalNoticePdf } from '../../support/samples/arrival-notice-pdf.ts';
import { makeBillOfLadingPdf } from '../../support/samples/bill-of-lading-pdf.ts';
import {
  expectedArrivalNotice,
  expectedBillOfLading,
  expectedPackingList,
} from '../../support/samples/expected-payloads.ts';
import { makeInvoicePdf } from '../../support/samples/invoice-pdf.ts';
import { makePackingListPdf } from '../../support/samples/packing-list-pdf.ts';
import { createRandom } from '../../support/samples/random.ts';
import {
  randomArrivalNoticeFields,
  randomBillOfLadingFields,
  randomInvoiceFields,
  randomPackingListFields,
} from '../../support/samples/sample-fields.ts';
import { DEFAULT_STYLE, type SampleStyle } from '../../support/samples/sample-style.ts';

const hints = { filename: 'doc.pdf', contentType: 'application/pdf' };

// Every label wording crossed with every layout; the other style dimensions rotate through their values.
const DATE_FORMATS = ['iso', 'day_month_name', 'us_slash', 'month_name_day', 'eu_dot'] as const;
const AMOUNT_FORMATS = ['code_first', 'code_after_eu', 'symbol'] as const;
const CONTAINER_FORMATS = ['compact', 'spaced', 'dashed'] as const;
const STYLES: SampleStyle[] = ([0, 1, 2] as const).flatMap((labelVariant, i) =>
  (['inline', 'columns', 'stacked'] as const).map((layout, j) => ({
    labelVariant,
    layout,
    dateFormat: DATE_FORMATS[(i * 3 + j) % DATE_FORMATS.length] ?? 'iso',
    amountFormat: AMOUNT_FORMATS[(i + j) % AMOUNT_FORMATS.length] ?? 'code_first',
    containerFormat: CONTAINER_FORMATS[j] ?? 'compact',
  })),
);
const styleName = (s: SampleStyle): string =>
  `labels ${s.labelVariant}, ${s.layout}, ${s.dateFormat}, ${s.amountFormat}, ${s.containerFormat}`;

describe('round trip: generated documents are classified and extracted exactly', () => {
  it.each(STYLES.map((style) => [styleName(style), style] as const))(
    'commercial invoice (%s)',
    async (_, style) => {
      const fields = randomInvoiceFields(createRandom(style.labelVariant * 10 + style.layout.length));
      const result = await extractDocument(await makeInvoicePdf(fields, style), hints);
      expect(result).toMatchObject({
        ok: true,
        documentType: 'commercial_invoice',
        schemaVersion: '2026-11-01',
      });
      expect(result.ok && result.payload).toEqual(fields);
    },
  );

  it.each(STYLES.map((style) => [styleName(style), style] as const))(
    'bill of lading (%s)',
    async (_, style) => {
      const fields = randomBillOfLadingFields(
        createRandom(100 + style.labelVariant * 10 + style.layout.length),
      );
      const result = await extractDocument(await makeBillOfLadingPdf(fields, style), hints);
      expect(result).toMatchObject({ ok: true, documentType: 'bill_of_lading' });
      expect(result.ok && result.payload).toMatchObject(expectedBillOfLading(fields));
    },
  );

  it.each(STYLES.map((style) => [styleName(style), style] as const))(
    'arrival notice (%s)',
    async (_, style) => {
      const fields = randomArrivalNoticeFields(
        createRandom(200 + style.labelVariant * 10 + style.layout.length),
      );
      const result = await extractDocument(await makeArrivalNoticePdf(fields, style), hints);
      expect(result).toMatchObject({ ok: true, documentType: 'arrival_notice' });
      expect(result.ok && result.payload).toMatchObject(expectedArrivalNotice(fields));
    },
  );

  it.each(STYLES.map((style) => [styleName(style), style] as const))(
    'packing list (%s)',
    async (_, style) => {
      const fields = randomPackingListFields(
        createRandom(300 + style.labelVariant * 10 + style.layout.length),
      );
      const result = await extractDocument(await makePackingListPdf(fields, style), hints);
      expect(result).toMatchObject({ ok: true, documentType: 'packing_list' });
      expect(result.ok && result.payload).toMatchObject(expectedPackingList(fields));
    },
  );

  it('explains the classification', async () => {
    const fields = randomBillOfLadingFields(createRandom(5));
    const result = await extractDocument(await makeBillOfLadingPdf(fields, DEFAULT_STYLE), hints);
    expect(result.ok && result.classificationNotes).toMatch(
      /^title 'BILL OF LADING'; \d+ supporting cues; confidence [\d.]+$/,
    );
  });

  it('leaves fields that are not printed null, never invented', async () => {
    const fields = {
      ...randomInvoiceFields(createRandom(9)),
      buyer_name: null,
      invoice_date: null,
      line_items: null,
    };
    const result = await extractDocument(await makeInvoicePdf(fields), hints);
    expect(result.ok && result.payload).toEqual(fields);
  });

  it('reads the SCAC from a SCAC box when the B/L number does not carry it', async () => {
    const fields = {
      ...randomBillOfLadingFields(createRandom(11)),
      bill_of_lading_number: '262418530',
      scac_label: 'HLCU',
    };
    const result = await extractDocument(await makeBillOfLadingPdf(fields), hints);
    expect(result.ok && result.payload).toMatchObject({ bill_of_lading_number: '262418530', scac: 'HLCU' });
  });

  it('gives no SCAC when neither a SCAC box nor a prefix is printed', async () => {
    const fields = {
      ...randomBillOfLadingFields(createRandom(12)),
      bill_of_lading_number: '262418530',
      scac_label: null,
    };
    const result = await extractDocument(await makeBillOfLadingPdf(fields), hints);
    expect(result.ok && result.payload).toMatchObject({ bill_of_lading_number: '262418530', scac: null });
  });
});
