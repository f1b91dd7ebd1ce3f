import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentEvents, webhookEvents } from '../../../src/contract/webhook-events.ts';
import { type Document, type Resource, read } from './conformance-support.ts';
import { startTracking, type TrackingHarness } from './tracking-harness.ts';
import { type SchemaNode, upstreamSchemas, validate } from './upstream-schemas.ts';

/**
 * Round 6: the notification of every event the upstream documents (its event catalogue, 43 names), as
 * `GET /webhook_notifications/examples?event=` gives it, validated against the upstream's component
 * schemas: the notification against `webhook_notification`, its reference object against the schema of
 * its type and every included resource against its own. Document events have the upstream's document
 * envelope (a `document` relationship and a payload `version`, no `webhook` or `reference_object`).
 */
let h: TrackingHarness;
const schemas = upstreamSchemas();
const examples = new Map<string, Document>();

/** Where the upstream's own sources disagree and the service follows the event catalogue, with why. */
const KNOWN_DIFFERENCES: ReadonlyArray<{ match: RegExp; why: string }> = [
  {
    match: /^\/attributes\/event: "[a-z_.]+" is not one of /,
    why: 'the schema’s event enum (34 names) predates the catalogue’s 43; every catalogue event is sent',
  },
  {
    match:
      /^(transport_event|estimated_event) \S+\/attributes\/event: "(container\.transport\.(not_available|delivered|estimated\.[a-z_]+)|container\.pickup_(lfd_terminal|lfd_rail|appointment)\.changed)" is not one of /,
    why: 'the reference object’s event is the notification’s; the schemas’ enums predate these catalogue events',
  },
  {
    match: /^\/relationships\/reference_object\/data\/type: "container_created_event" is not one of /,
    why: 'the webhook guides name container_created_event as container.created’s reference; the schema’s enum omits it',
  },
  {
    match: /^tracking_request \S+\/attributes\/failed_reason: "awaiting_manifest" is not one of /,
    why: 'the retrying guide names awaiting_manifest a temporary failed_reason (README, lifecycle); the enum omits it',
  },
  {
    match: /^port \S+\/attributes\/(latitude|longitude): string, not a number$/,
    why: 'a port’s coordinates are decimal strings, as the live API sends them (conformance-schemas)',
  },
  {
    match:
      /^terminal \S+\/attributes\/(bic_facility_code|street|state|zip|smdg_code|firms_code): null, not nullable$/,
    why: 'an address part or code the port data does not hold is null (conformance-schemas)',
  },
  {
    match: /^shipping_line [A-Z0-9]{4}\/id: "[A-Z0-9]{4}" is no uuid$/,
    why: 'a shipping line’s id is its SCAC (conformance-schemas)',
  },
];
const unexplained = (problems: readonly string[]): string[] =>
  problems.filter((problem) => !KNOWN_DIFFERENCES.some(({ match }) => match.test(problem)));

const schemaOf = (type: string): SchemaNode | undefined => schemas[type];

beforeAll(async () => {
  h = await startTracking();
  for (const event of webhookEvents) {
    const response = await h.api(`/v2/webhook_notifications/examples?event=${event}`);
    expect(response.status, event).toBe(200);
    examples.set(event, await read(response));
  }
});
afterAll(async () => {
  await h.close();
});

const notificationsOf = (event: string): Resource[] => {
  const data = examples.get(event)?.data;
  expect(Array.isArray(data), event).toBe(true);
  return Array.isArray(data) ? data : [];
};

describe('every catalogued event has an example notification', () => {
  test('the catalogue is the upstream’s 43 events, every one served by the examples endpoint', () => {
    expect(webhookEvents).toHaveLength(43);
    for (const event of webhookEvents) {
      const notifications = notificationsOf(event);
      expect(notifications.length, event).toBeGreaterThan(0);
      for (const notification of notifications) {
        expect(notification.type, event).toBe('webhook_notification');
        expect(notification.attributes.event, event).toBe(event);
      }
    }
  });

  const trackingEvents = webhookEvents.filter(
    (event) => !(documentEvents as readonly string[]).includes(event),
  );

  test.each(trackingEvents)('%s: the notification and everything it includes conform', (event) => {
    const document = examples.get(event);
    const problems: string[] = [];
    for (const notification of notificationsOf(event)) {
      const notificationSchema = schemaOf('webhook_notification');
      if (notificationSchema !== undefined)
        problems.push(...validate(schemas, notificationSchema, notification));
      const reference = notification.relationships?.reference_object?.data;
      expect(reference, `${event} reference_object`).toBeTruthy();
      if (reference === null || reference === undefined || Array.isArray(reference)) continue;
      const included = (document?.included ?? []).find(
        (resource) => resource.type === reference.type && resource.id === reference.id,
      );
      expect(included, `${event}: ${reference.type} ${reference.id} in included`).toBeDefined();
      expect(notification.relationships?.webhook?.data, event).toMatchObject({ type: 'webhook' });
    }
    for (const resource of document?.included ?? []) {
      const schema = schemaOf(resource.type);
      if (schema === undefined) continue;
      problems.push(
        ...validate(schemas, schema, resource).map((problem) => `${resource.type} ${resource.id}${problem}`),
      );
    }
    expect(unexplained(problems)).toEqual([]);
  });

  test.each(documentEvents)('%s: the document envelope, with its document included', (event) => {
    const document = examples.get(event);
    for (const notification of notificationsOf(event)) {
      expect(notification.attributes).toMatchObject({ event, delivery_status: expect.any(String) });
      expect(typeof notification.attributes.version, event).toBe('string');
      const related = notification.relationships?.document?.data;
      expect(related, event).toMatchObject({ type: 'document' });
      expect(notification.relationships, event).not.toHaveProperty('reference_object');
      if (related === null || related === undefined || Array.isArray(related)) continue;
      expect(
        (document?.included ?? []).some(
          (resource) => resource.type === 'document' && resource.id === related.id,
        ),
        event,
      ).toBe(true);
    }
  });

  test('a webhook can subscribe to every catalogued event, and GET /webhooks/events lists them all', async () => {
    const created = await h.api('/v2/webhooks', {
      method: 'POST',
      json: {
        data: {
          type: 'webhook',
          attributes: { url: 'https://example.com/hook', active: true, events: [...webhookEvents] },
        },
      },
    });
    expect(created.status).toBe(201);
    expect((await read(created)).data.attributes.events).toEqual([...webhookEvents]);
    const categories = (await read(await h.api('/v2/webhooks/events'))).data;
    const listed = categories.flatMap((category) =>
      (category.attributes.events as Array<{ name: string }>).map((entry) => entry.name),
    );
    expect([...listed].sort()).toEqual([...webhookEvents].sort());
  });
});
