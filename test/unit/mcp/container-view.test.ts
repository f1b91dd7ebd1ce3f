import { describe, expect, it } from 'vitest';
import { containerResource } from '../../../src/client/tracking-schemas.ts';
import { toContainerView } from '../../../src/mcp/views.ts';
import { fixtures } from '../../support/fake-tracking-api.ts';

const NOW = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;

const viewWith = (attributes: Record<string, unknown>, stopped = false) => {
  const f = fixtures(NOW);
  const container = containerResource.parse({
    ...f.container,
    attributes: { ...f.container.attributes, ...attributes },
  });
  const shipment = {
    ...f.shipment,
    attributes: {
      ...f.shipment.attributes,
      line_tracking_stopped_at: stopped ? new Date(NOW).toISOString() : null,
    },
  };
  return toContainerView(container, [shipment], NOW).demurrage;
};

describe('demurrage urgency', () => {
  it('is imminent within 3 days of the last free day, overdue after it, none before', () => {
    expect(viewWith({ pickup_lfd: new Date(NOW + 2 * DAY).toISOString() })).toMatchObject({
      days_until_lfd: 2,
      urgency: 'imminent',
    });
    expect(viewWith({ pickup_lfd: new Date(NOW - DAY).toISOString() })).toMatchObject({
      days_until_lfd: -1,
      urgency: 'overdue',
    });
    expect(viewWith({ pickup_lfd: new Date(NOW + 10 * DAY).toISOString() })).toMatchObject({
      urgency: 'none',
    });
  });

  it('is unknown when tracking stopped or the terminal data is stale, and says why', () => {
    const lfd = new Date(NOW + DAY).toISOString();
    expect(viewWith({ pickup_lfd: lfd }, true)).toMatchObject({
      urgency: 'unknown',
      urgency_reason: 'tracking has stopped',
    });
    expect(
      viewWith({ pickup_lfd: lfd, terminal_checked_at: new Date(NOW - 8 * DAY).toISOString() }),
    ).toMatchObject({ urgency: 'unknown' });
    expect(viewWith({ pickup_lfd: lfd, terminal_checked_at: null })).toMatchObject({ urgency: 'unknown' });
  });

  it('is none, with no days, without a last free day', () => {
    expect(viewWith({ pickup_lfd: null })).toMatchObject({ days_until_lfd: null, urgency: 'none' });
  });
});
