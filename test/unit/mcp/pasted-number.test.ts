import { describe, expect, it } from 'vitest';
import { TrackingApiError } from '../../../src/client/tracking-errors.ts';
import type { InferNumberResult } from '../../../src/client/tracking-schemas.ts';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import { inferNumber } from '../../../src/domain/carriers/infer-number.ts';
import { readNumberFilter, readSearchTerm } from '../../../src/mcp/pasted-number.ts';

/** A fake of the client's infer_number that reads as the service does, and counts the calls. */
const fakeInfer = () => {
  const asked: string[] = [];
  return {
    asked,
    async inferNumber(number: string): Promise<InferNumberResult> {
      asked.push(number);
      const inferred = inferNumber(number, CARRIER_CATALOG);
      if ('unreadable' in inferred)
        throw new TrackingApiError('invalid_input', inferred.reason, { status: 422 });
      return {
        number_type: inferred.numberType,
        validation: { parsed_number: inferred.validation.parsedNumber },
      };
    },
  };
};

describe('MCP tools read pasted numbers alike', () => {
  it('a list filter: spaces and case as track_container reads them, a label or quotes read by infer_number', async () => {
    const client = fakeInfer();
    expect(await readNumberFilter(' maeu 123456789 ', client)).toBe('MAEU123456789');
    expect(client.asked).toEqual([]);
    for (const pasted of [
      'B/L No.: MAEU123456789.',
      "'maeu123456789'",
      'MBL:\u00a0MAEU123456789',
      'MAEU-123456789',
    ]) {
      expect(await readNumberFilter(pasted, client), pasted).toBe('MAEU123456789');
    }
    expect(client.asked).toHaveLength(4);
  });

  it('a search: the number out of a label or a sentence, anything else as typed', async () => {
    const client = fakeInfer();
    expect(await readSearchTerm('Container# msku6787218', client)).toBe('MSKU6787218');
    expect(await readSearchTerm('where is MSKU6787218?', client)).toBe('MSKU6787218');
    // Spaced or marked numbers and customers' references keep their form: the search ignores the marks.
    expect(await readSearchTerm('MSKU 678721 8', client)).toBe('MSKU 678721 8');
    expect(await readSearchTerm('PO-7', client)).toBe('PO-7');
    expect(await readSearchTerm('ACME order 7', client)).toBe('ACME order 7');
    expect(client.asked).toEqual([
      'Container# msku6787218',
      'where is MSKU6787218?',
      'MSKU 678721 8',
      'ACME order 7',
    ]);
  });

  it('reads labels in other scripts and Arabic-Indic digits; junk is searched as typed', async () => {
    const client = fakeInfer();
    expect(await readNumberFilter('提单号：MAEU123456789', client)).toBe('MAEU123456789');
    expect(await readNumberFilter('MSKU٦٧٨٧٢١٨', client)).toBe('MSKU6787218');
    expect(await readSearchTerm('コンテナ番号 MSKU6787218', client)).toBe('MSKU6787218');
    // Another trade's number is refused by infer_number: the search looks for what was typed.
    expect(await readSearchTerm('AWB 176-12345675', client)).toBe('AWB 176-12345675');
  });

  it('uses the input as typed when infer_number cannot be asked, and lets other failures through', async () => {
    const missing = {
      inferNumber: async (): Promise<InferNumberResult> => {
        throw new TrackingApiError('not_found', 'no such route', { status: 404 });
      },
    };
    expect(await readSearchTerm('BL: MAEU123456789', missing)).toBe('BL: MAEU123456789');
    expect(await readNumberFilter('BL: MAEU123456789', missing)).toBe('BL: MAEU123456789');
    const broken = {
      inferNumber: async (): Promise<InferNumberResult> => {
        throw new TypeError('a bug');
      },
    };
    await expect(readSearchTerm('BL: MAEU123456789', broken)).rejects.toThrow(TypeError);
  });
});
