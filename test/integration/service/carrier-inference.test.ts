import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferNumberResponse, shippingLineList, singleShippingLine } from '../../../src/contract/carriers.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { type Harness, startService } from './service-harness.ts';

const infer = (h: Harness, number: unknown) =>
  h.api('/v2/tracking_requests/infer_number', { method: 'POST', json: { number } });

describe('POST /tracking_requests/infer_number', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ startProcessing: false });
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers the upstream shape for a carrier container', async () => {
    const response = await infer(h, 'mscu 123456-6');
    expect(response.status).toBe(200);
    const body = inferNumberResponse.parse(await response.json());
    expect(body.data.id).toMatch(/^req_[0-9a-f-]{36}$/);
    expect(body.data.type).toBe('infer_number_results');
    expect(body.data.attributes).toEqual({
      number_type: 'container',
      validation: {
        is_valid: true,
        type: 'container',
        check_digit_passed: true,
        parsed_number: 'MSCU1234566',
        reason: null,
      },
      shipping_line: {
        decision: 'auto_select',
        selected: { scac: 'MSCU', name: 'Mediterranean Shipping Company', confidence: 0.97 },
        candidates: [{ scac: 'MSCU', name: 'Mediterranean Shipping Company', confidence: 0.97 }],
      },
    });
  });

  it('reads a prefixed bill of lading as a shipment number', async () => {
    const body = inferNumberResponse.parse(await (await infer(h, 'MEDUT6664162')).json());
    expect(body.data.attributes.number_type).toBe('bill_of_lading');
    expect(body.data.attributes.validation).toMatchObject({ type: 'shipment', check_digit_passed: null });
    expect(body.data.attributes.shipping_line.selected?.scac).toBe('MSCU');
  });

  it('never selects a line for a leased box', async () => {
    const body = inferNumberResponse.parse(await (await infer(h, 'TGHU0833560')).json());
    expect(body.data.attributes.shipping_line).toEqual({
      decision: 'no_prediction',
      selected: null,
      candidates: [],
    });
  });

  it("names a line the upstream does not track by its public SCAC (Heung-A's bill prefix HASL)", async () => {
    const body = inferNumberResponse.parse(await (await infer(h, 'HASLC03230602080')).json());
    expect(body.data.attributes.number_type).toBe('bill_of_lading');
    expect(body.data.attributes.shipping_line.selected).toEqual({
      scac: 'HALU',
      name: 'Heung-A Line',
      confidence: 0.97,
    });
  });

  it('reads the number out of what a user pastes: label, sentence, punctuation, O for 0', async () => {
    for (const [pasted, parsed, type, scac] of [
      ['B/L No. MEDUT6664162', 'MEDUT6664162', 'bill_of_lading', 'MSCU'],
      ['BKG# 23456789', '23456789', 'booking', 'HLCU'],
      ['Please track mscu 123456-6 for me.', 'MSCU1234566', 'container', 'MSCU'],
      ['COSU6O12345678', 'COSU6012345678', 'bill_of_lading', 'COSU'],
    ] as const) {
      const body = inferNumberResponse.parse(await (await infer(h, pasted)).json());
      expect(body.data.attributes.validation.parsed_number, pasted).toBe(parsed);
      expect(body.data.attributes.number_type, pasted).toBe(type);
      expect(body.data.attributes.shipping_line.selected?.scac, pasted).toBe(scac);
    }
  });

  it('answers 422 for an empty or unreadable number', async () => {
    for (const number of [
      '',
      '!!!',
      'abc',
      'MSKU6787218 TCNU4808076',
      '\u2116 MSKU6787218',
      'PO 4500123456',
      'https://example.com/t/MSKU6787218',
    ]) {
      const response = await infer(h, number);
      expect(response.status).toBe(422);
      const body = errorDocument.parse(await response.json());
      expect(body.errors[0]).toMatchObject({ status: '422', detail: 'This reference number is not valid.' });
    }
    expect((await h.api('/v2/tracking_requests/infer_number', { method: 'POST', json: {} })).status).toBe(
      422,
    );
  });

  it("says in meta.reason why another trade's number or a list is refused, the upstream's detail kept", async () => {
    for (const [number, reason] of [
      ['176-12345675', 'an air waybill number, not a reference'],
      ['IMO 9074729', 'labelled as a number no carrier prints'],
      ['0FA3RW1MA', 'a voyage code, not a reference'],
      ['DE89 3704 0044 0532 0130 00', 'an IBAN, not a reference'],
      ['1Z999AA10123456784', 'a parcel tracking number'],
      ['Bookings: 12345678, 23456789', 'a list of numbers: several references'],
    ] as const) {
      const response = await infer(h, number);
      expect(response.status, number).toBe(422);
      const [error] = errorDocument.parse(await response.json()).errors;
      expect(error, number).toMatchObject({
        status: '422',
        detail: 'This reference number is not valid.',
        code: 'invalid',
        source: { pointer: '/number' },
      });
      expect(String(error?.meta?.reason), number).toContain(reason);
    }
  });

  it('reads labels in Chinese, Japanese, Korean and Arabic and Arabic-Indic digits', async () => {
    for (const [pasted, parsed, type] of [
      ['提单号：MAEU123456789', 'MAEU123456789', 'bill_of_lading'],
      ['箱号MSKU6787218', 'MSKU6787218', 'container'],
      ['ブッキング番号：12345678', '12345678', 'booking'],
      ['컨테이너 번호: MSKU6787218', 'MSKU6787218', 'container'],
      ['MSKU٦٧٨٧٢١٨', 'MSKU6787218', 'container'],
    ] as const) {
      const body = inferNumberResponse.parse(await (await infer(h, pasted)).json());
      expect(body.data.attributes.validation.parsed_number, pasted).toBe(parsed);
      expect(body.data.attributes.number_type, pasted).toBe(type);
    }
  });
});

describe('GET /shipping_lines', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService({ startProcessing: false });
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists the carriers with their tracking support', async () => {
    const body = shippingLineList.parse(await (await h.api('/v2/shipping_lines')).json());
    const msc = body.data.find((line) => line.id === 'MSCU');
    expect(msc).toMatchObject({
      type: 'shipping_line',
      attributes: {
        scac: 'MSCU',
        name: 'Mediterranean Shipping Company',
        short_name: 'MSC',
        alternative_scacs: ['MEDU'],
        bill_of_lading_tracking_support: true,
        booking_number_tracking_support: true,
        container_number_tracking_support: true,
        bol_prefix: 'MEDU',
      },
    });
  });

  it('filters by a part of the SCAC or name with search', async () => {
    const body = shippingLineList.parse(await (await h.api('/v2/shipping_lines?search=hapag')).json());
    expect(body.data.map((line) => line.id)).toEqual(['HLCU']);
  });

  it('finds a line by another name it goes by', async () => {
    for (const [search, scac] of [
      ['Hamburg%20S%C3%BCd', 'SUDU'],
      ['seago', 'SEJJ'],
      ['heung-a', 'HALU'],
    ] as const) {
      const body = shippingLineList.parse(await (await h.api(`/v2/shipping_lines?search=${search}`)).json());
      expect(
        body.data.map((line) => line.id),
        search,
      ).toEqual([scac]);
    }
  });

  it('lists lines the upstream does not track without tracking support', async () => {
    const body = singleShippingLine.parse(await (await h.api('/v2/shipping_lines/HALU')).json());
    expect(body.data.attributes).toMatchObject({
      name: 'Heung-A Line',
      bill_of_lading_tracking_support: false,
      booking_number_tracking_support: false,
      container_number_tracking_support: false,
    });
  });

  it('reads one line by SCAC or alternative SCAC, and 404 for an unknown one', async () => {
    expect(
      singleShippingLine.parse(await (await h.api('/v2/shipping_lines/maeu')).json()).data.attributes.name,
    ).toBe('Maersk');
    expect(singleShippingLine.parse(await (await h.api('/v2/shipping_lines/MEDU')).json()).data.id).toBe(
      'MSCU',
    );
    expect((await h.api('/v2/shipping_lines/XXXX')).status).toBe(404);
  });
});

describe('infer_number rate limit', () => {
  it('has its own bucket of 200 a minute per key, with Retry-After, apart from the default one', async () => {
    const clock = new ManualClock(Date.now());
    const h = await startService({ clock, config: { rateLimitPerMinute: 3 }, startProcessing: false });
    try {
      for (let n = 0; n < 200; n += 1) expect((await infer(h, 'MSCU1234566')).status).toBe(200);
      const limited = await infer(h, 'MSCU1234566');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(errorDocument.parse(await limited.json()).errors[0]).toMatchObject({
        status: '429',
        detail: 'Rate limit exceeded',
      });
      // The default bucket did not count those 200.
      expect((await h.api('/v2/shipping_lines')).status).toBe(200);
      const other = await h.service.createAccount('other');
      expect(
        (
          await h.api('/v2/tracking_requests/infer_number', {
            method: 'POST',
            key: other.apiKey,
            json: { number: 'MSCU1234566' },
          })
        ).status,
      ).toBe(200);
      clock.advance(60_001);
      expect((await infer(h, 'MSCU1234566')).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
