import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advance, type Document, expectError, type Resource, read, relId } from './conformance-support.ts';
import { PLAY_INTERVAL_MS, startTracking, type TrackingHarness } from './tracking-harness.ts';

/**
 * Parties and party roles (the upstream's Parties and Party Roles pages), and custom field definitions,
 * options and values (its Custom Fields pages and the SDK's `customFields(id)`, which asks for
 * `include=definition`).
 */
let h: TrackingHarness;
let shipment: Resource;
let container: Resource;
let requestId: string;
let customerId: string;

const body = (
  type: string,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
) => ({
  data: { type, attributes, ...(relationships === undefined ? {} : { relationships }) },
});
const post = (path: string, json: unknown, key?: string) =>
  h.api(path, { method: 'POST', json, ...(key === undefined ? {} : { key }) });
const patch = (path: string, json: unknown) => h.api(path, { method: 'PATCH', json });
const del = (path: string) => h.api(path, { method: 'DELETE' });

beforeAll(async () => {
  h = await startTracking();
  const party = await post('/v2/parties', body('party', { company_name: 'Sodor Steamworks' }));
  expect(party.status).toBe(201);
  customerId = (await read(party)).data.id;
  const created = await post('/v2/tracking_requests', {
    data: {
      type: 'tracking_request',
      attributes: { request_type: 'bill_of_lading', request_number: 'MAEU700000123', scac: 'MAEU' },
      relationships: { customer: { data: { id: customerId, type: 'party' } } },
    },
  });
  expect(created.status).toBe(201);
  requestId = (await read(created)).data.id;
  await advance(h, PLAY_INTERVAL_MS);
  shipment = (await read(await h.api('/v2/shipments'))).data[0] as Resource;
  container = (await read(await h.api('/v2/containers'))).data[0] as Resource;
});
afterAll(async () => {
  await h.close();
});

describe('parties', () => {
  test('POST 201 {data{type:party, attributes.company_name}, links.self}; GET, PATCH, list with links and meta', async () => {
    const created = await post('/v2/parties', body('party', { company_name: 'A-Z Imports' }));
    expect(created.status).toBe(201);
    const document = await read(created);
    expect(document.data).toMatchObject({ type: 'party', attributes: { company_name: 'A-Z Imports' } });
    expect(document.links?.self).toBe(`/v2/parties/${document.data.id}`);
    const renamed = await patch(
      `/v2/parties/${document.data.id}`,
      body('party', { company_name: 'A-Z Imports Ltd' }),
    );
    expect(renamed.status).toBe(200);
    expect((await read(await h.api(`/v2/parties/${document.data.id}`))).data.attributes.company_name).toBe(
      'A-Z Imports Ltd',
    );
    const listed = await read(await h.api('/v2/parties?page[size]=1'));
    expect(listed.data).toHaveLength(1);
    expect(listed.meta?.total).toBe(2);
    expect(new URL(listed.links?.next ?? '').searchParams.get('page[number]')).toBe('2');
  });

  test('422 blank company_name with a pointer; 404 for another account, as JSON:API errors', async () => {
    await expectError(await post('/v2/parties', body('party', { company_name: '  ' })), 422, {
      source: { pointer: '/data/attributes/company_name' },
      code: 'blank',
    });
    const other = await h.account('other');
    await expectError(await h.api(`/v2/parties/${customerId}`, { key: other }), 404, { title: 'Not Found' });
  });

  test("a tracking request's customer: its relationship, include=customer, and the shipment's customer_name", async () => {
    const request = await read(await h.api(`/v2/tracking_requests/${requestId}?include=customer`));
    expect(request.data.relationships?.customer?.data).toEqual({ id: customerId, type: 'party' });
    expect(request.included?.map((resource) => resource.type)).toEqual(['party']);
    expect(shipment.attributes.customer_name).toBe('Sodor Steamworks');
    await expectError(
      await post('/v2/tracking_requests', {
        data: {
          type: 'tracking_request',
          attributes: { request_type: 'bill_of_lading', request_number: 'MAEU700000999', scac: 'MAEU' },
          relationships: {
            customer: { data: { id: '00000000-0000-4000-8000-000000000001', type: 'party' } },
          },
        },
      }),
      422,
      { source: { pointer: '/data/relationships/customer/data/id' } },
    );
  });
});

describe('list filters on parties', () => {
  test('filter[customer_id], filter[parties][customer] and filter[party_id] on shipments and containers', async () => {
    const listIds = async (path: string) =>
      (await read(await h.api(path))).data.map((resource) => resource.id);
    expect(await listIds(`/v2/shipments?filter[customer_id]=${customerId}`)).toEqual([shipment.id]);
    expect(await listIds(`/v2/shipments?filter[parties][customer]=${customerId}`)).toEqual([shipment.id]);
    expect(await listIds(`/v2/shipments?filter[party_id]=${customerId}`)).toEqual([shipment.id]);
    expect(await listIds('/v2/shipments?filter[parties][customer]=@not_exists')).toEqual([]);
    const boxes = await listIds(`/v2/containers?filter[parties][customer]=${customerId}&page[size]=100`);
    expect(boxes).toContain(container.id);
    expect(await listIds('/v2/containers?filter[parties][shipper]=@exists')).toEqual([]);
    // The account stands in for the customer where no customer role is set: none here, so nothing matches.
    expect(await listIds('/v2/shipments?filter[customer_id]=00000000-0000-4000-8000-000000000009')).toEqual(
      [],
    );
  });

  test('a blank deprecated q is a 400 on q', async () => {
    await expectError(await h.api('/v2/shipments?q=%20'), 400, { source: { parameter: 'q' } });
  });
});

describe('party roles', () => {
  test.each([
    ['shipments', () => shipment.id],
    ['containers', () => container.id],
    ['tracking_requests', () => requestId],
  ])(
    '/%s/{id}/party_roles: 201 assign, list with the party included, 422 twice, 204 remove',
    async (path, id) => {
      const party = (
        await read(await post('/v2/parties', body('party', { company_name: `Broker of ${path}` })))
      ).data;
      const assign = () =>
        post(
          `/v2/${path}/${id()}/party_roles`,
          body(
            'party_role',
            { role: 'customs_broker' },
            { party: { data: { id: party.id, type: 'party' } } },
          ),
        );
      const assigned = await assign();
      expect(assigned.status).toBe(201);
      const role = (await read(assigned)).data;
      expect(role).toMatchObject({ type: 'party_role', attributes: { role: 'customs_broker' } });
      expect(role.relationships?.party?.data).toEqual({ id: party.id, type: 'party' });
      const listed = await read(await h.api(`/v2/${path}/${id()}/party_roles`));
      expect(listed.data.map((resource) => resource.id)).toContain(role.id);
      expect(listed.included?.map((resource) => resource.id)).toContain(party.id);
      await expectError(await assign(), 422, {
        code: 'duplicate',
        source: { pointer: '/data/attributes/role' },
      });
      expect((await del(`/v2/${path}/${id()}/party_roles/${role.id}`)).status).toBe(204);
      await expectError(await del(`/v2/${path}/${id()}/party_roles/${role.id}`), 404, { title: 'Not Found' });
    },
  );

  test('an unknown role is a 422 on role; a party of another account is a 401 (the upstream page)', async () => {
    await expectError(
      await post(
        `/v2/shipments/${shipment.id}/party_roles`,
        body('party_role', { role: 'captain' }, { party: { data: { id: customerId, type: 'party' } } }),
      ),
      422,
      { source: { pointer: '/data/attributes/role' } },
    );
    const other = await h.account('elsewhere');
    const theirs = (await read(await post('/v2/parties', body('party', { company_name: 'Theirs' }), other)))
      .data;
    await expectError(
      await post(
        `/v2/shipments/${shipment.id}/party_roles`,
        body('party_role', { role: 'shipper' }, { party: { data: { id: theirs.id, type: 'party' } } }),
      ),
      401,
      { title: 'Unauthorized' },
    );
  });
});

describe('custom fields', () => {
  let definition: Resource;

  beforeAll(async () => {
    const created = await post(
      '/v2/custom_field_definitions',
      body('custom_field_definition', {
        entity_type: 'Cargo',
        api_slug: 'project_manager',
        display_name: 'Project Manager',
        data_type: 'short_text',
        validation: { max_length: 20 },
      }),
    );
    expect(created.status).toBe(201);
    definition = (await read(created)).data;
  });

  test('definitions: 201 with the spec attributes, 422 on a taken slug, list filters, PATCH, GET', async () => {
    expect(definition).toMatchObject({
      type: 'custom_field_definition',
      attributes: { entity_type: 'Cargo', api_slug: 'project_manager', data_type: 'short_text' },
    });
    await expectError(
      await post(
        '/v2/custom_field_definitions',
        body('custom_field_definition', {
          entity_type: 'Cargo',
          api_slug: 'project_manager',
          display_name: 'Again',
          data_type: 'short_text',
        }),
      ),
      422,
      { code: 'duplicate', source: { pointer: '/data/attributes/api_slug' } },
    );
    const shipmentsOnly = await read(
      await h.api('/v2/custom_field_definitions?filter[entity_type]=Shipment'),
    );
    expect(shipmentsOnly.data.map((resource) => resource.id)).not.toContain(definition.id);
    const renamed = await patch(
      `/v2/custom_field_definitions/${definition.id}`,
      body('custom_field_definition', { display_name: 'PM', api_slug: 'ignored' }),
    );
    expect((await read(renamed)).data.attributes).toMatchObject({
      display_name: 'PM',
      api_slug: 'project_manager',
    });
  });

  test("the SDK's customFields(id): POST by slug, GET with include=definition, PATCH and DELETE by slug", async () => {
    const path = `/v2/containers/${container.id}/custom_fields`;
    const set = await post(path, body('custom_field', { api_slug: 'project_manager', value: 'Roberto' }));
    expect(set.status).toBe(201);
    expect((await read(set)).data).toMatchObject({
      type: 'custom_field',
      attributes: {
        api_slug: 'project_manager',
        value: 'Roberto',
        display_value: 'Roberto',
        update_pathway: 'api',
      },
      relationships: {
        entity: { data: { id: container.id, type: 'container' } },
        definition: { data: { id: definition.id, type: 'custom_field_definition' } },
      },
    });
    const again = await post(path, body('custom_field', { api_slug: 'project_manager', value: 'Ana' }));
    expect(again.status).toBe(201);
    const listed: Document = await read(await h.api(`${path}?include=definition`));
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]?.attributes).toMatchObject({ value: 'Ana', api_slug: 'project_manager' });
    expect(typeof listed.data[0]?.attributes.updated_at).toBe('string');
    expect(listed.included?.[0]).toMatchObject({
      type: 'custom_field_definition',
      attributes: { api_slug: 'project_manager', display_name: 'PM', data_type: 'short_text' },
    });
    await expectError(
      await patch(
        `${path}/project_manager`,
        body('custom_field', { value: 'A name far longer than twenty' }),
      ),
      422,
      { source: { pointer: '/data/attributes/value' } },
    );
    expect((await patch(`${path}/project_manager`, body('custom_field', { value: 'Bo' }))).status).toBe(200);
    expect((await del(`${path}/project_manager`)).status).toBe(204);
    expect((await read(await h.api(path))).data).toEqual([]);
    await expectError(await del(`${path}/project_manager`), 404, { title: 'Not Found' });
  });

  test('enum options, display values, and the standalone /custom_fields endpoints', async () => {
    const priority = (
      await read(
        await post(
          '/v2/custom_field_definitions',
          body('custom_field_definition', {
            entity_type: 'Shipment',
            api_slug: 'priority',
            display_name: 'Priority',
            data_type: 'enum',
          }),
        ),
      )
    ).data;
    const option = await post(
      `/v2/custom_field_definitions/${priority.id}/options`,
      body('custom_field_option', { label: 'High Priority', value: 'priority_high' }),
    );
    expect(option.status).toBe(201);
    expect((await read(option)).data).toMatchObject({
      type: 'custom_field_option',
      attributes: { label: 'High Priority', value: 'priority_high', position: 1 },
    });
    await expectError(
      await post(
        `/v2/custom_field_definitions/${priority.id}/options`,
        body('custom_field_option', { label: 'Again', value: 'priority_high' }),
      ),
      422,
      { code: 'duplicate' },
    );
    const created = await post(
      '/v2/custom_fields',
      body(
        'custom_field',
        { api_slug: 'priority', value: 'priority_high' },
        { entity: { data: { type: 'shipment', id: shipment.id } } },
      ),
    );
    expect(created.status).toBe(201);
    const field = (await read(created)).data;
    expect(field.attributes).toMatchObject({ value: 'priority_high', display_value: 'High Priority' });
    await expectError(
      await patch(`/v2/custom_fields/${field.id}`, body('custom_field', { value: 'priority_low' })),
      422,
      { source: { pointer: '/data/attributes/value' } },
    );
    const filtered = await read(
      await h.api(`/v2/custom_fields?filter[entity_type]=Shipment&filter[entity_id]=${shipment.id}`),
    );
    expect(filtered.data.map((resource) => resource.id)).toEqual([field.id]);
    expect((await del(`/v2/custom_fields/${field.id}`)).status).toBe(204);
    await expectError(await h.api(`/v2/custom_fields/${field.id}`), 404, { title: 'Not Found' });
    await expectError(
      await post(
        `/v2/shipments/${shipment.id}/custom_fields`,
        body('custom_field', { api_slug: 'nope', value: 1 }),
      ),
      422,
      { source: { pointer: '/data/attributes/api_slug' } },
    );
    expect((await del(`/v2/custom_field_definitions/${priority.id}`)).status).toBe(204);
    await expectError(await h.api(`/v2/custom_field_definitions/${priority.id}`), 404, {
      title: 'Not Found',
    });
  });
});

describe('initial_custom_fields on a tracking request', () => {
  test('set on the shipment and on every container (no number) once the request succeeds', async () => {
    for (const [entity_type, api_slug] of [
      ['Shipment', 'purchase_order'],
      ['Cargo', 'dock_door'],
    ]) {
      const created = await post(
        '/v2/custom_field_definitions',
        body('custom_field_definition', {
          entity_type,
          api_slug,
          display_name: api_slug,
          data_type: 'short_text',
        }),
      );
      expect(created.status).toBe(201);
    }
    const request = await post('/v2/tracking_requests', {
      data: {
        type: 'tracking_request',
        attributes: {
          request_type: 'bill_of_lading',
          request_number: 'MSCU700000456',
          scac: 'MSCU',
          initial_custom_fields: {
            shipment: [{ api_slug: 'purchase_order', value: 'PO-99999' }],
            containers: [{ api_slug: 'dock_door', value: 'D7', number: '' }],
          },
        },
      },
    });
    expect(request.status).toBe(201);
    const requestId = (await read(request)).data.id;
    await advance(h, PLAY_INTERVAL_MS);
    const tracked = await read(await h.api(`/v2/tracking_requests/${requestId}`));
    const shipmentId = relId(tracked.data, 'tracked_object');
    const shipmentFields = await read(await h.api(`/v2/shipments/${shipmentId}/custom_fields`));
    expect(shipmentFields.data.map((field) => field.attributes)).toEqual([
      expect.objectContaining({
        api_slug: 'purchase_order',
        value: 'PO-99999',
        update_pathway: 'tracking_request',
      }),
    ]);
    const boxes = (await read(await h.api(`/v2/shipments/${shipmentId}?include=containers`))).included ?? [];
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      const fields = await read(await h.api(`/v2/containers/${box.id}/custom_fields`));
      expect(fields.data.map((field) => field.attributes.value)).toEqual(['D7']);
    }
    // filter[custom_fields][slug]: a substring of the container's (or its shipment's) value, or presence.
    const byField = await read(
      await h.api('/v2/containers?filter[custom_fields][dock_door]=D&page[size]=100'),
    );
    expect(byField.data.map((box) => box.id).sort()).toEqual(boxes.map((box) => box.id).sort());
    const byShipmentField = await read(
      await h.api('/v2/containers?filter[custom_fields][purchase_order]=PO-9&page[size]=100'),
    );
    expect(byShipmentField.data.map((box) => box.id).sort()).toEqual(boxes.map((box) => box.id).sort());
    const without = await read(
      await h.api('/v2/containers?filter[custom_fields][dock_door]=@not_exists&page[size]=100'),
    );
    expect(without.data.map((box) => box.id)).not.toContain(boxes[0]?.id);
  });

  test('an unknown slug is a 422 pointing at it, and no request is made', async () => {
    await expectError(
      await post('/v2/tracking_requests', {
        data: {
          type: 'tracking_request',
          attributes: {
            request_type: 'bill_of_lading',
            request_number: 'MSCU700000789',
            scac: 'MSCU',
            initial_custom_fields: { shipment: [{ api_slug: 'no_such_field', value: 'x' }] },
          },
        },
      }),
      422,
      { source: { pointer: '/data/attributes/initial_custom_fields/shipment/0/api_slug' } },
    );
  });
});
