import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { ManualClock } from '../../../src/domain/clock.ts';
import {
  AppError,
  DuplicateDocumentError,
  InvalidParameterError,
  NotFoundError,
  ValidationError,
} from '../../../src/domain/errors.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { createApp } from '../../../src/service/http/app.ts';
import type { ServiceEnv } from '../../../src/service/http/env.ts';
import { ERROR_TABLE } from '../../../src/service/http/error-table.ts';
import { RollingWindowLimiter } from '../../../src/service/http/rate-limit.ts';
import { StoreBusyError, toStoreError } from '../../../src/store/store-errors.ts';

const KEY = 'test-key';

/** The real app with one route that throws `error`; requests go through `app.request`, in process. */
function appThrowing(error: Error) {
  const routes = new Hono<ServiceEnv>().get('/boom', () => {
    throw error;
  });
  return createApp({
    logger: silentLogger,
    keys: {
      findByKey: (key) => (key === KEY ? { account: { id: 'a', name: 'a' }, keyHash: 'h' } : undefined),
    },
    limiter: new RollingWindowLimiter(new ManualClock(0)),
    rateLimitPerMinute: 1_000,
    api: [routes],
    keyedRoot: [],
    signedRoot: [],
  });
}

async function errorOf(error: Error) {
  const response = await appThrowing(error).request('/v2/boom', {
    headers: { Authorization: `Token ${KEY}` },
  });
  const body = errorDocument.parse(await response.json());
  expect(body.errors).toHaveLength(1);
  return { status: response.status, headers: response.headers, error: body.errors[0] };
}

describe('the error table', () => {
  it('maps each domain code to its status and a JSON:API error (a NotFoundError is a 404, not a 500)', async () => {
    expect(await errorOf(new NotFoundError('Document', 'x'))).toMatchObject({
      status: 404,
      error: { status: '404', title: 'Not Found', code: 'not_found', detail: "Couldn't find Document" },
    });
    expect(await errorOf(new InvalidParameterError('sort', 'size is not sortable'))).toMatchObject({
      status: 400,
      error: { code: 'invalid_parameter', source: { parameter: 'sort' }, detail: 'size is not sortable' },
    });
    expect(
      await errorOf(
        new ValidationError('Name is bad', {}, { pointer: '/data/attributes/name', code: 'blank' }),
      ),
    ).toMatchObject({ status: 422, error: { code: 'blank', source: { pointer: '/data/attributes/name' } } });
    expect(await errorOf(new DuplicateDocumentError({ id: 'd1', name: 'a.pdf' }))).toMatchObject({
      status: 409,
      error: {
        title: 'Duplicate document',
        code: 'duplicate_document',
        meta: { existing_document_id: 'd1', existing_document_name: 'a.pdf' },
      },
    });
  });

  it('answers a busy store with 503 and Retry-After, without the operation or SQL', async () => {
    const busy = new StoreBusyError('insert document', new Error('SQLITE_BUSY: database is locked'));
    const { status, headers, error } = await errorOf(busy);
    expect(status).toBe(503);
    expect(headers.get('retry-after')).toBe('1');
    expect(JSON.stringify(error)).not.toMatch(/insert|SQLITE|locked/);
  });

  it('turns codes outside the table and plain errors into a bare 500 that tells nothing', async () => {
    const sqlError = Object.assign(new Error('no such table: documents (SELECT * FROM documents)'), {
      errcode: 1,
    });
    for (const thrown of [
      toStoreError(sqlError, 'list documents'),
      new AppError('store_corrupt', 'column x holds /var/data/secret'),
      new TypeError('cannot read properties of undefined'),
    ]) {
      expect(thrown).toBeInstanceOf(Error);
      const { status, error } = await errorOf(thrown as Error); // toStoreError returns what it was given, an Error here
      expect(status).toBe(500);
      expect(error).toEqual({ status: '500', title: 'Internal Server Error', detail: null, source: null });
    }
  });

  it('lists only client statuses and 503 for the retryable outage', () => {
    for (const [code, mapping] of Object.entries(ERROR_TABLE)) {
      expect(mapping.status === 503 || (mapping.status >= 400 && mapping.status < 500), code).toBe(true);
    }
  });
});
