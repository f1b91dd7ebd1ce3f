import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';
import {
  MAX_DEFINITIONS_PER_ENTITY_TYPE,
  MAX_OPTIONS_PER_DEFINITION,
} from '../../../src/service/tracking/custom-field-definition-routes.ts';
import { MAX_CUSTOM_FIELD_JSON_BYTES } from '../../../src/service/tracking/custom-field-values.ts';
import { MAX_CUSTOM_FIELD_FILTERS } from '../../../src/service/tracking/list-annotation-filters.ts';
import { MAX_PATTERN_SUBJECT_LENGTH } from '../../../src/service/tracking/validation-pattern.ts';
import { PLAY_INTERVAL_MS, trackingRequestBody } from '../tracking/tracking-harness.ts';
import { expectError, probeClient } from './probe-client.ts';

/**
 * The abuse probe, round 2: the list filters and sorts of /v2/containers and /v2/shipments, parties,
 * custom fields, metro areas, vessel positions, /v2/me, infer_number and the shipping line search, as an
 * unknown hostile client would use them.
 */

const PROBE_RATE_LIMIT = 100_000;
/** Tracking requests the probe's account holds, so that a scan has rows to read. */
const SHIPMENTS = 100;

let service: LocalService;
let dataDir = '';
let origin = '';
let apiKey = '';
let otherKey = '';
const clock = new ManualClock(Date.now());

const api = probeClient(() => ({ origin, apiKey }));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'stevedore-probe-lists-'));
  const config = loadConfig(
    {},
    { dataDir, host: '127.0.0.1', port: 0, rateLimitPerMinute: PROBE_RATE_LIMIT },
  );
  service = await createService({
    config,
    clock,
    startProcessing: false,
    trackingPlayIntervalMs: PLAY_INTERVAL_MS,
  });
  origin = (await service.listen()).url;
  apiKey = service.apiKey;
  otherKey = (await service.createAccount('other tenant', [])).apiKey;
  for (let index = 0; index < SHIPMENTS; index += 1) {
    const created = await api('/v2/tracking_requests', {
      method: 'POST',
      json: trackingRequestBody({
        request_type: 'bill_of_lading',
        request_number: `MAEU${String(700_000_000 + index)}`,
        scac: 'MAEU',
      }),
    });
    expect(created.status).toBe(201);
  }
  clock.advance(PLAY_INTERVAL_MS);
  await new Promise((resolve) => setImmediate(resolve));
}, 120_000);

afterAll(async () => {
  await service?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const definition = async (attributes: Record<string, unknown>) =>
  api('/v2/custom_field_definitions', {
    method: 'POST',
    json: { data: { type: 'custom_field_definition', attributes } },
  });

describe('probe round 2: custom fields', () => {
  it(`more than MAX_CUSTOM_FIELD_FILTERS (${MAX_CUSTOM_FIELD_FILTERS}) filter[custom_fields] slugs are a 400, not seconds of scanning`, async () => {
    // `@not_exists` on unknown slugs passes every row, so each slug was looked up on every row scanned.
    const slugs = (count: number) =>
      Array.from({ length: count }, (_, i) => `filter[custom_fields][s${i}]=@not_exists`).join('&');
    const error = await expectError(await api(`/v2/containers?${slugs(300)}`), 400, '300 slugs');
    expect(error?.source).toEqual({ parameter: 'filter[custom_fields]' });
    expect(error?.detail).toContain(`at most ${MAX_CUSTOM_FIELD_FILTERS}`);
    const allowed = await api(`/v2/containers?${slugs(MAX_CUSTOM_FIELD_FILTERS)}&page[size]=1`);
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as { meta: { total: number } }).meta.total).toBeGreaterThan(SHIPMENTS);
  });

  it('a validation pattern with nested quantifiers is refused: a value checked against it would block the service', async () => {
    const response = await definition({
      entity_type: 'Shipment',
      api_slug: 'redos',
      display_name: 'Catastrophic',
      data_type: 'short_text',
      validation: { pattern: '^(a+)+$' },
    });
    const error = await expectError(response, 422, 'nested quantifier');
    expect(error?.source).toEqual({ pointer: '/data/attributes/validation/pattern' });
    const plain = await definition({
      entity_type: 'Shipment',
      api_slug: 'later_redos',
      display_name: 'Made safe, then patched',
      data_type: 'short_text',
      validation: { pattern: '^[A-Z]+$' },
    });
    expect(plain.status).toBe(201);
    const id = ((await plain.json()) as { data: { id: string } }).data.id;
    for (const pattern of ['^(a|aa)*$', '\\d*\\d*\\d*x', '(a)\\1']) {
      const patched = await api(`/v2/custom_field_definitions/${id}`, {
        method: 'PATCH',
        json: { data: { type: 'custom_field_definition', attributes: { validation: { pattern } } } },
      });
      expect((await expectError(patched, 422, pattern))?.source).toEqual({
        pointer: '/data/attributes/validation/pattern',
      });
    }
  });
});

interface Listed {
  data: Array<{ id: string; type: string; attributes: Record<string, unknown> }>;
  meta?: { total: number };
}
const listed = async (path: string, key = apiKey): Promise<Listed> => {
  const response = await api(path, { key });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Listed;
};
const created = async (response: Response, label: string): Promise<string> => {
  expect(response.status, label).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
};

describe('probe round 2: custom field values', () => {
  it(`a value, validation or default_value over MAX_CUSTOM_FIELD_JSON_BYTES (${MAX_CUSTOM_FIELD_JSON_BYTES}) as JSON is a 422 naming it`, async () => {
    const big = { notes: 'x'.repeat(MAX_CUSTOM_FIELD_JSON_BYTES) };
    const refused = await definition({
      entity_type: 'Shipment',
      api_slug: 'huge_default',
      display_name: 'Huge default',
      data_type: 'short_text',
      default_value: big,
    });
    expect((await expectError(refused, 422, 'default_value'))?.source).toEqual({
      pointer: '/data/attributes/default_value',
    });
    await created(
      await definition({
        entity_type: 'Shipment',
        api_slug: 'blob',
        display_name: 'Blob',
        data_type: 'reference',
        reference_type: 'x',
      }),
      'blob definition',
    );
    const [shipment] = (await listed('/v2/shipments?page[size]=1')).data;
    const path = `/v2/shipments/${shipment?.id}/custom_fields`;
    const body = (value: unknown) => ({
      data: { type: 'custom_field', attributes: { api_slug: 'blob', value } },
    });
    const tooBig = await api(path, { method: 'POST', json: body(big) });
    const error = await expectError(tooBig, 422, 'value');
    expect(error?.source).toEqual({ pointer: '/data/attributes/value' });
    expect(error?.detail).not.toContain('xxxx');
    expect((await api(path, { method: 'POST', json: body({ notes: 'fits' }) })).status).toBe(201);
  });

  it('a value longer than MAX_PATTERN_SUBJECT_LENGTH on a field with a pattern is a 422; a safe pattern still checks', async () => {
    await created(
      await definition({
        entity_type: 'Shipment',
        api_slug: 'po',
        display_name: 'PO',
        data_type: 'short_text',
        validation: { pattern: '^PO-\\d+$' },
      }),
      'po definition',
    );
    const [shipment] = (await listed('/v2/shipments?page[size]=1')).data;
    const path = `/v2/shipments/${shipment?.id}/custom_fields`;
    const body = (value: unknown) => ({
      data: { type: 'custom_field', attributes: { api_slug: 'po', value } },
    });
    await expectError(
      await api(path, { method: 'POST', json: body(`PO-${'1'.repeat(MAX_PATTERN_SUBJECT_LENGTH)}`) }),
      422,
      'long value',
    );
    await expectError(await api(path, { method: 'POST', json: body('SO-1') }), 422, 'no match');
    expect((await api(path, { method: 'POST', json: body('PO-42') })).status).toBe(201);
  });

  it('concurrent creates of one slug, or of one party role, make exactly one; the rest are 422 duplicate', async () => {
    const slugAnswers = await Promise.all(
      Array.from({ length: 20 }, () =>
        definition({ entity_type: 'Shipment', api_slug: 'twin', display_name: 'Twin', data_type: 'number' }),
      ),
    );
    expect(slugAnswers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(slugAnswers.filter((answer) => answer.status === 422)).toHaveLength(19);
    const party = await created(
      await api('/v2/parties', {
        method: 'POST',
        json: { data: { type: 'party', attributes: { company_name: 'Twins' } } },
      }),
      'party',
    );
    const [shipment] = (await listed('/v2/shipments?page[size]=1')).data;
    const roleAnswers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(`/v2/shipments/${shipment?.id}/party_roles`, {
          method: 'POST',
          json: { data: { type: 'party_role', attributes: { role: 'shipper', party_id: party } } },
        }),
      ),
    );
    expect(roleAnswers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(roleAnswers.filter((answer) => answer.status === 422)).toHaveLength(19);
  });

  it('concurrent writes of one slug on one entity leave exactly one value, the last answered, and no 5xx', async () => {
    await created(
      await definition({
        entity_type: 'Shipment',
        api_slug: 'race',
        display_name: 'Race',
        data_type: 'number',
      }),
      'race definition',
    );
    const [shipment] = (await listed('/v2/shipments?page[size]=1')).data;
    const path = `/v2/shipments/${shipment?.id}/custom_fields`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, value) =>
        api(path, {
          method: 'POST',
          json: { data: { type: 'custom_field', attributes: { api_slug: 'race', value } } },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const values = (await listed(path)).data.filter((field) => field.attributes.api_slug === 'race');
    expect(values).toHaveLength(1);
  });
});

describe('probe round 2: names of object properties', () => {
  it('an entity type named constructor or __proto__ is no entity type: 422 on the relationship, not a 500', async () => {
    const [container] = (await listed('/v2/containers?page[size]=1')).data;
    for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const response = await api('/v2/custom_fields', {
        method: 'POST',
        json: {
          data: {
            type: 'custom_field',
            attributes: { api_slug: 'race', value: 1 },
            relationships: { entity: { data: { type, id: container?.id } } },
          },
        },
      });
      const error = await expectError(response, 422, type);
      expect(error?.source).toEqual({ pointer: '/data/relationships/entity/data' });
      await expectAnswered(`/v2/custom_fields?filter[entity_type]=${type}`);
    }
  });
});

describe('probe round 2: custom field counts', () => {
  it(`past MAX_DEFINITIONS_PER_ENTITY_TYPE (${MAX_DEFINITIONS_PER_ENTITY_TYPE}) definitions of an entity type, or MAX_OPTIONS_PER_DEFINITION (${MAX_OPTIONS_PER_DEFINITION}) options, a create is a 422; the others still answer`, async () => {
    const enumId = await created(
      await definition({
        entity_type: 'TrackingRequest',
        api_slug: 'many_0',
        display_name: 'Many',
        data_type: 'enum',
      }),
      'first',
    );
    for (let index = 1; index < MAX_DEFINITIONS_PER_ENTITY_TYPE; index += 1) {
      const response = await definition({
        entity_type: 'TrackingRequest',
        api_slug: `many_${index}`,
        display_name: `Many ${index}`,
        data_type: 'number',
      });
      expect(response.status).toBe(201);
    }
    const refused = await definition({
      entity_type: 'TrackingRequest',
      api_slug: 'one_too_many',
      display_name: 'One too many',
      data_type: 'number',
    });
    const error = await expectError(refused, 422, 'one too many');
    expect(error?.source).toEqual({ pointer: '/data/attributes/entity_type' });
    const page = await listed(
      '/v2/custom_field_definitions?filter[entity_type]=TrackingRequest&page[size]=1',
    );
    expect(page.meta?.total).toBe(MAX_DEFINITIONS_PER_ENTITY_TYPE);
    const option = (value: string) =>
      api(`/v2/custom_field_definitions/${enumId}/options`, {
        method: 'POST',
        json: { data: { type: 'custom_field_option', attributes: { label: value, value } } },
      });
    for (let index = 0; index < MAX_OPTIONS_PER_DEFINITION; index += 1) {
      expect((await option(`o${index}`)).status).toBe(201);
    }
    expect((await expectError(await option('over'), 422, 'option'))?.source).toEqual({
      pointer: '/data/attributes/value',
    });
  });
});

describe('probe round 2: names of object properties everywhere', () => {
  it('a __proto__ member in validation, values and party bodies is stored as data or refused, never obeyed', async () => {
    const sneaky = await api('/v2/custom_field_definitions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"data":{"type":"custom_field_definition","attributes":{"entity_type":"Shipment","api_slug":"proto","display_name":"Proto","data_type":"short_text","validation":{"__proto__":{"pattern":"^(a+)+$"}}}}}',
    });
    expect([201, 422]).toContain(sneaky.status);
    if (sneaky.status === 201) {
      const [shipment] = (await listed('/v2/shipments?page[size]=1')).data;
      const set = await api(`/v2/shipments/${shipment?.id}/custom_fields`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `{"data":{"type":"custom_field","attributes":{"api_slug":"proto","value":"${'a'.repeat(40)}!"}}}`,
      });
      expect(set.status).toBeLessThan(500);
    }
    const value = await api('/v2/custom_fields', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"data":{"type":"custom_field","attributes":{"api_slug":"blob","value":{"__proto__":{"admin":true}}},"__proto__":{"relationships":{}}}}',
    });
    expect(value.status).toBeLessThan(500);
    expect((await api('/v2/me')).status).toBe(200);
  });

  it('every GET route of /v2 with __proto__ and constructor as ids and in every known parameter: no 5xx', async () => {
    const routes = service.app.routes.filter(
      (route) => route.method === 'GET' && route.path.startsWith('/v2/'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const word of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const query = [
        `sort=${word}`,
        `sort=-${word}`,
        `include=${word}`,
        `filter[${word}]=1`,
        `filter[entity_type]=${word}`,
        `filter[data_type]=${word}`,
        `filter[parties][${word}]=x`,
        `filter[custom_fields][${word}]=x`,
        `filter[party_id][operator]=${word}`,
        `filter[voyage_status]=${word}`,
        `search=${word}`,
        `query=${word}`,
        `port_id=${word}`,
        `previous_port_id=${word}`,
        `page[${word}]=1`,
      ].join('&');
      for (const route of routes) {
        const path = route.path.replace(/:[^/]+/g, word).replace(/\*$/, word);
        const response = await api(`${path}?${query}`);
        await response.body?.cancel();
        if (response.status >= 500) failures.push(`${response.status} ${path}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('probe round 2: infer_number with pasted text', () => {
  it('labels, sentences, confusables, bidi marks, emoji, many numbers and huge input: 200 or 422 on /number, never echoed', async () => {
    const inputs: unknown[] = [
      'B/L No. MAEU123456789',
      'Container: MSCU 123456-5',
      'please track booking 123456789 with maersk',
      'ＭＳＣＵ１２３４５６５',
      '\u202eMSCU1234565\u202c',
      '\u200fMAEU123456789',
      '🚢📦 MAEU123456789 🚢',
      'MSCU1234565 MSCU7654321 TGHU1234567 MAEU123456789',
      Array.from({ length: 5_000 }, (_, i) => `MAEU${700_000_000 + i}`).join(' '),
      `MAEU${'9'.repeat(900_000)}`,
      "MAEU123456789' OR '1'='1",
      '%_%_',
      '\u0000MAEU123456789',
      '',
      42,
      ['MAEU123456789'],
      { number: 'MAEU123456789' },
      null,
    ];
    for (const number of inputs) {
      const response = await api('/v2/tracking_requests/infer_number', { method: 'POST', json: { number } });
      const label = JSON.stringify(number).slice(0, 40);
      if (response.status === 200) {
        await response.body?.cancel();
        continue;
      }
      const error = await expectError(response, 422, label);
      expect(error?.source?.pointer, label).toBe('/number');
      expect(JSON.stringify(error).length, label).toBeLessThan(2_000);
    }
  });
});

describe('probe round 2: tenant isolation', () => {
  it("another account's parties, definitions, options and values are 404 on every route, and absent from its lists", async () => {
    const party = await created(
      await api('/v2/parties', {
        method: 'POST',
        json: { data: { type: 'party', attributes: { company_name: 'Secret Co' } } },
      }),
      'party',
    );
    const enumDefinition = await created(
      await definition({
        entity_type: 'Cargo',
        api_slug: 'secret_enum',
        display_name: 'Secret',
        data_type: 'enum',
      }),
      'enum definition',
    );
    const option = await created(
      await api(`/v2/custom_field_definitions/${enumDefinition}/options`, {
        method: 'POST',
        json: { data: { type: 'custom_field_option', attributes: { label: 'Hot', value: 'hot' } } },
      }),
      'option',
    );
    const [container] = (await listed('/v2/containers?page[size]=1')).data;
    const [shipment] = (await listed('/v2/shipments?page[size]=1')).data;
    const field = await created(
      await api(`/v2/containers/${container?.id}/custom_fields`, {
        method: 'POST',
        json: { data: { type: 'custom_field', attributes: { api_slug: 'secret_enum', value: 'hot' } } },
      }),
      'value',
    );
    const role = await created(
      await api(`/v2/shipments/${shipment?.id}/party_roles`, {
        method: 'POST',
        json: { data: { type: 'party_role', attributes: { role: 'customer', party_id: party } } },
      }),
      'role',
    );
    const patchBody = {
      data: { attributes: { company_name: 'Mine now', display_name: 'Mine', label: 'x', value: 'x' } },
    };
    for (const [method, path] of [
      ['GET', `/v2/parties/${party}`],
      ['PATCH', `/v2/parties/${party}`],
      ['GET', `/v2/custom_field_definitions/${enumDefinition}`],
      ['PATCH', `/v2/custom_field_definitions/${enumDefinition}`],
      ['DELETE', `/v2/custom_field_definitions/${enumDefinition}`],
      ['GET', `/v2/custom_field_definitions/${enumDefinition}/options`],
      ['POST', `/v2/custom_field_definitions/${enumDefinition}/options`],
      ['GET', `/v2/custom_field_definitions/${enumDefinition}/options/${option}`],
      ['PATCH', `/v2/custom_field_definitions/${enumDefinition}/options/${option}`],
      ['DELETE', `/v2/custom_field_definitions/${enumDefinition}/options/${option}`],
      ['GET', `/v2/custom_fields/${field}`],
      ['PATCH', `/v2/custom_fields/${field}`],
      ['DELETE', `/v2/custom_fields/${field}`],
      ['GET', `/v2/containers/${container?.id}/custom_fields`],
      ['POST', `/v2/containers/${container?.id}/custom_fields`],
      ['PATCH', `/v2/containers/${container?.id}/custom_fields/secret_enum`],
      ['DELETE', `/v2/containers/${container?.id}/custom_fields/secret_enum`],
      ['GET', `/v2/shipments/${shipment?.id}/party_roles`],
      ['POST', `/v2/shipments/${shipment?.id}/party_roles`],
      ['DELETE', `/v2/shipments/${shipment?.id}/party_roles/${role}`],
    ] as const) {
      const response = await api(path, {
        method,
        key: otherKey,
        ...(method === 'PATCH' || method === 'POST' ? { json: patchBody } : {}),
      });
      await expectError(response, 404, `${method} ${path}`);
    }
    // Setting a value through another account's definition, on the account's own value list: no such definition.
    const other = await api('/v2/custom_fields', {
      method: 'POST',
      key: otherKey,
      json: {
        data: {
          type: 'custom_field',
          attributes: { value: 'hot' },
          relationships: {
            entity: { data: { type: 'container', id: container?.id } },
            definition: { data: { type: 'custom_field_definition', id: enumDefinition } },
          },
        },
      },
    });
    await expectError(other, 404, 'POST /v2/custom_fields with their ids');
    for (const path of [
      '/v2/parties',
      '/v2/custom_field_definitions',
      '/v2/custom_fields',
      '/v2/containers',
      '/v2/shipments',
    ]) {
      expect((await listed(path, otherKey)).data, path).toEqual([]);
    }
    // Filtering by their party or slug finds nothing of theirs, and nothing changed for the owner.
    expect((await listed(`/v2/shipments?filter[customer_id]=${party}`, otherKey)).data).toEqual([]);
    expect((await listed('/v2/containers?filter[custom_fields][secret_enum]=hot', otherKey)).data).toEqual(
      [],
    );
    expect((await listed('/v2/containers?filter[custom_fields][secret_enum]=hot')).data).toHaveLength(1);
    expect((await listed(`/v2/shipments?filter[customer_id]=${party}`)).data).toHaveLength(1);
  });
});

/** Every filter name of the two lists, as the upstream's list-filter reference names them. */
const CONTAINER_FILTERS = [
  'pickup_lfd',
  'pod_arrived_at',
  'pod_discharged_at',
  'pol_etd_at',
  'arrival',
  'created_at',
  'updated_at',
  'pickup_lfd_terminal_on',
  'pol_code',
  'pod_code',
  'vessel_name',
  'current_status',
  'customer_name',
  'has_holds',
  'has_fees',
  'requires_attention',
  'last_free_day_on',
  'search_by_shipment_number',
  'search_by_ref_numbers',
  'search_by_ids',
  'search_by_number',
  'number',
  'shipping_line_scac',
  'tag',
  'tags_and',
  'customer_id',
  'party_id',
  'parties][customer',
  'custom_fields][race',
];
const SHIPMENT_FILTERS = [
  'created_at',
  'pod_ata_at',
  'pod_arrival',
  'pol_code',
  'pod_terminal_id',
  'voyage_status',
  'arriving_today',
  'tag',
  'tags_and',
  'customer_id',
  'party_id',
  'parties][shipper',
  'number',
  'query',
  'tracking_stopped',
];
/** What a hostile client puts in a filter: SQL, LIKE wildcards, regex, controls, extremes, operators alone. */
const HOSTILE_VALUES = [
  "' OR 1=1 --",
  '%',
  '_',
  '%%__\\',
  '.*',
  '(a+)+$',
  '\u0000',
  '\u202eUECM',
  'ＭＡＥＵ',
  '🚢',
  '>=',
  '<',
  '@exists,@not_exists',
  '9999-99-99',
  '0000-00-00',
  '>=99999999999999999999.days.ago',
  '99999999999.days.from_now',
  '>=275760-09-13T00:00:00Z',
  '>=+275760-09-13',
  '1e999',
  '__proto__',
  'constructor',
  'toString',
  '-1',
  'true,false',
  ',,,,',
  'x'.repeat(8_000),
  Array.from({ length: 2_000 }, () => 'a').join(','),
];
const SORTS = [
  'created_at,-created_at,created_at,created_at',
  '-',
  ',',
  '--created_at',
  'attention_priority,created_at',
  'created_at;DROP TABLE containers',
  `${'x'.repeat(8_000)}`,
  'constructor',
  '__proto__',
  'toString',
];

/** Every 4xx is a JSON:API error document naming the parameter; nothing is a 5xx. */
const expectAnswered = async (path: string) => {
  const response = await api(path);
  expect(response.status, path.slice(0, 200)).toBeLessThan(500);
  if (response.status >= 400) {
    const body = errorDocument.parse(await response.json());
    expect(body.errors[0]?.status).toBe(String(response.status));
  } else await response.body?.cancel();
  return response.status;
};

describe('probe round 2: list filters and sorts', () => {
  // Hundreds of requests one after another: 12 to 18 s here, 35 s on a loaded machine; not a speed check.
  it('hostile values in every filter of /v2/containers and /v2/shipments are answered, never a 5xx', {
    timeout: 120_000,
  }, async () => {
    for (const [list, names] of [
      ['/v2/containers', CONTAINER_FILTERS],
      ['/v2/shipments', SHIPMENT_FILTERS],
    ] as const) {
      for (const name of names) {
        for (const value of HOSTILE_VALUES) {
          const encoded = encodeURIComponent(value);
          await expectAnswered(`${list}?filter[${name}]=${encoded}`);
          await expectAnswered(
            `${list}?filter[${name}][]=${encoded}&filter[${name}][]=${encoded}&page[number]=1000000000`,
          );
        }
      }
    }
  });

  it('LIKE wildcards in searches match themselves, not every row', async () => {
    for (const wildcard of ['%', '_', '%25', '\\']) {
      const value = encodeURIComponent(wildcard);
      expect((await listed(`/v2/containers?filter[search_by_number]=${value}`)).meta?.total, wildcard).toBe(
        0,
      );
      expect((await listed(`/v2/shipments?q=${value}`)).meta?.total ?? 0, wildcard).toBe(0);
      expect(
        (await listed(`/v2/custom_field_definitions?filter[display_name]=${value}`)).meta?.total,
        wildcard,
      ).toBe(0);
      expect((await listed(`/v2/search?query=${value}`)).data, wildcard).toEqual([]);
      expect((await listed(`/v2/shipping_lines?search=${value}`)).data, wildcard).toEqual([]);
    }
    expect(
      (await listed('/v2/containers?filter[search_by_number]=M&page[size]=1')).meta?.total,
    ).toBeGreaterThan(0);
  });

  it('six hundred filter parameters of one name, and deeply nested filter names, fit the head and are answered', async () => {
    const many = (name: string, count: number) =>
      Array.from({ length: count }, (_, i) => `filter[${name}][]=${i % 10}`).join('&');
    for (const name of ['tag', 'pol_code', 'search_by_ids', 'created_at', 'customer_id', 'number']) {
      const path = `/v2/containers?${many(name, 600)}`;
      expect(path.length).toBeLessThan(16_384);
      await expectAnswered(path);
    }
    const nested = `filter${'[custom_fields]'.repeat(500)}=x`;
    await expectAnswered(`/v2/containers?${nested}`);
    await expectAnswered(`/v2/containers?filter[parties]${'[customer]'.repeat(500)}=x`);
    await expectAnswered(`/v2/shipments?filter[party_id]${'[value]'.repeat(500)}=x&sort=-created_at`);
  });

  it('hostile sort tokens, including names of object properties, are 400s naming sort', async () => {
    for (const list of [
      '/v2/containers',
      '/v2/shipments',
      '/v2/parties',
      '/v2/custom_fields',
      '/v2/custom_field_definitions',
    ]) {
      for (const sort of SORTS) {
        const status = await expectAnswered(`${list}?sort=${encodeURIComponent(sort)}`);
        expect([200, 400], `${list} sort=${sort.slice(0, 40)}`).toContain(status);
      }
    }
  });

  it('the filters of parties, custom fields, definitions, options and search take hostile values', async () => {
    const paths = [
      '/v2/parties?filter[company_name]=',
      '/v2/custom_field_definitions?filter[display_name]=',
      '/v2/custom_field_definitions?filter[entity_type]=',
      '/v2/custom_field_definitions?filter[data_type]=',
      '/v2/custom_fields?filter[entity_type]=',
      '/v2/custom_fields?filter[entity_id]=',
      '/v2/custom_fields?filter[definition_id]=',
      '/v2/shipping_lines?search=',
      '/v2/search?query=',
      '/v2/metro_areas/',
      '/v2/ports/',
      '/v2/vessels/',
    ];
    for (const path of paths) {
      for (const value of HOSTILE_VALUES) await expectAnswered(`${path}${encodeURIComponent(value)}`);
    }
  });
});
