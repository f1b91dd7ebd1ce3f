import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceiver, type Receiver } from '../../../pipeline/receiver/webhook-receiver.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import { errorDocument } from '../../../src/contract/json-api.ts';
import { systemClock } from '../../../src/domain/clock.ts';
import { silentLogger } from '../../../src/observability/logger.ts';
import { createService, type LocalService } from '../../../src/service/service.ts';
import { rawExchange } from '../../support/raw-http.ts';

/** Short limits so the timeout case takes a moment. */
const TIMEOUTS = { headersMs: 300, requestMs: 600, checkIntervalMs: 50 };

const MALFORMED_REQUESTS = [
  [
    'a bad chunk size',
    'POST /v2/webhooks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  ],
  [
    'two Content-Lengths',
    'POST /v2/webhooks HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
  ],
] as const;

const bodyOf = (text: string) => errorDocument.parse(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)));

/** The finding: Node answered requests its parser refused with a bare status line, not a JSON:API error. */
describe('requests Node cannot parse get a JSON:API error', () => {
  let dataDir: string;
  let service: LocalService;
  let serviceOrigin: string;
  let receiver: Receiver;
  let receiverOrigin: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stevedore-malformed-'));
    const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0 });
    service = await createService({ config, startProcessing: false, httpTimeouts: TIMEOUTS });
    ({ url: serviceOrigin } = await service.listen());
    receiver = createReceiver({
      secret: () => 'whsec_aW50ZWdyYXRpb24tc2VjcmV0LWZvci10ZXN0cw==',
      queue: { send: async () => 'message-id' },
      logger: silentLogger,
      clock: systemClock,
      timeouts: TIMEOUTS,
    });
    receiverOrigin = (await receiver.listen(0)).url;
  });
  afterAll(async () => {
    await receiver.close();
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const [what, request] of MALFORMED_REQUESTS) {
    it(`the service and the receiver answer ${what} with a JSON:API 400`, async () => {
      for (const [origin, path] of [
        [serviceOrigin, '/v2/'],
        [receiverOrigin, '/'],
      ] as const) {
        const exchange = await rawExchange(origin, request.replace('/v2/', path));
        expect(exchange.status, exchange.text).toBe(400);
        expect(bodyOf(exchange.text).errors[0]).toMatchObject({ status: '400', code: 'malformed_request' });
      }
    });
  }

  it('a request head that never ends gets a JSON:API 408', async () => {
    const exchange = await rawExchange(serviceOrigin, 'GET /v2/documents HTTP/1.1\r\nHost: x\r\n');
    expect(exchange.status).toBe(408);
    expect(bodyOf(exchange.text).errors[0]).toMatchObject({ status: '408', code: 'request_timeout' });
  });

  for (const [what, request, problem] of [
    ['no Host', 'GET /v2/documents HTTP/1.1\r\nConnection: close\r\n\r\n', 'Missing host header'],
    [
      'a backslash in the path',
      'GET /v2\\documents HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'Backslash',
    ],
  ] as const) {
    it(`the service answers a request with ${what} with a JSON:API 400 that names it`, async () => {
      const exchange = await rawExchange(serviceOrigin, request);
      expect(exchange.status, exchange.text).toBe(400);
      const error = bodyOf(exchange.text).errors[0];
      expect(error).toMatchObject({ status: '400', code: 'malformed_request' });
      expect(error?.detail).toContain(problem);
    });
  }
});
