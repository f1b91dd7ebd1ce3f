import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/extraction/classify.ts';
import { documentText } from './document-text-fixture.ts';

describe('classifyDocument', () => {
  it.each([
    ['COMMERCIAL INVOICE', 'commercial_invoice'],
    ['TAX INVOICE', 'commercial_invoice'],
    ['ORIGINAL BILL OF LADING', 'bill_of_lading'],
    ['NON-NEGOTIABLE SEA WAYBILL', 'bill_of_lading'],
    ['ARRIVAL NOTICE', 'arrival_notice'],
    ['Notice of Arrival', 'arrival_notice'],
    ['PACKING LIST', 'packing_list'],
  ])('classifies a document titled %s as %s', (title, type) => {
    expect(classifyDocument(documentText([title, 'Reference 1234'])).documentType).toBe(type);
  });

  it('explains the decision with the title and the number of supporting terms', () => {
    const text = documentText([
      'BILL OF LADING',
      'Shipper',
      'Consignee',
      'Notify Party',
      'Port of Loading',
      'Port of Discharge',
    ]);
    expect(classifyDocument(text)).toMatchObject({
      documentType: 'bill_of_lading',
      notes: expect.stringMatching(/^title 'BILL OF LADING'; 6 supporting cues; confidence /),
    });
  });

  it('does not take a label such as "Bill of Lading No." for a title', () => {
    const text = documentText([
      'ARRIVAL NOTICE',
      [
        [50, 'Bill of Lading No.'],
        [200, 'MAEU262418530'],
      ],
      'ETA: 2026-11-21',
    ]);
    expect(classifyDocument(text).documentType).toBe('arrival_notice');
  });

  it('prefers the title in the page header over the same phrase further down', () => {
    const text = documentText([
      'ARRIVAL NOTICE',
      'Vessel: MAERSK ELBA',
      'ETA: 2026-11-21',
      'Last free day: 2026-11-25',
      'Freight charges',
      'Demurrage',
      'Terminal',
      'The original BILL OF LADING',
    ]);
    expect(classifyDocument(text).documentType).toBe('arrival_notice');
  });

  it('decides without a title when enough terms of one type stand out', () => {
    const text = documentText([
      'Shipper: A',
      'Consignee: B',
      'Notify party: C',
      'Port of loading: X',
      'Port of discharge: Y',
    ]);
    expect(classifyDocument(text)).toMatchObject({
      documentType: 'bill_of_lading',
      notes: expect.stringMatching(
        /^no title; 6 supporting cues \(shipper, consignee, notify party, notify\)/,
      ),
    });
  });

  it('says other when the evidence is thin, naming the closest type', () => {
    const text = documentText(['Dear customer,', 'the consignee asked for a new shipper reference.']);
    expect(classifyDocument(text)).toEqual({
      documentType: 'other',
      confidence: 0,
      notes: 'no clear title; closest is bill_of_lading with 2 supporting cues, too little to decide',
    });
  });

  it('says other for a text with no known terms', () => {
    expect(classifyDocument(documentText(['Happy holidays from all of us']))).toEqual({
      documentType: 'other',
      confidence: 0,
      notes: 'no title and no cues of a known type',
    });
  });
});
