import { join } from 'node:path';
import { z } from 'zod';
import { ServiceClient } from '../../../src/client/service-client.ts';
import { loadConfig } from '../../../src/config/load-config.ts';
import type { Config, ConfigOverrides } from '../../../src/config/settings.ts';
import { listMeta } from '../../../src/contract/json-api.ts';
import { createService, type LocalService, type ServiceOptions } from '../../../src/service/service.ts';

/** High enough that neither the service's limit nor the client's pacing is what gets measured. */
export const NO_RATE_LIMIT = 1_000_000;

const totalOnly = z.object({ meta: listMeta });

export interface BenchService {
  readonly config: Config;
  readonly service: LocalService;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly client: ServiceClient;
  /** `meta.total` of `GET /v2/documents`, asked in process so polling costs no socket. */
  documentCount(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A fresh local service on a free loopback port, in this process as `stevedore up` runs it, with the
 * extraction loop off: documents stay `pending`, so only intake is measured. `root` holds the data dir,
 * the inbox and the out folder.
 */
export async function startBenchService(
  root: string,
  overrides: ConfigOverrides = {},
  /** A manual clock and the sandbox carrier's pace, for benches that place journeys in time. */
  options: Pick<ServiceOptions, 'clock' | 'trackingPlayIntervalMs'> = {},
): Promise<BenchService> {
  const config = loadConfig(
    {},
    {
      dataDir: join(root, 'data'),
      inbox: join(root, 'inbox'),
      out: join(root, 'out'),
      host: '127.0.0.1',
      port: 0,
      receiverPort: 0,
      rateLimitPerMinute: NO_RATE_LIMIT,
      clientRequestsPerMinute: NO_RATE_LIMIT,
      concurrency: 4,
      logLevel: 'silent',
      ...overrides,
    },
  );
  const service = await createService({ config, startProcessing: false, ...options });
  const { url } = await service.listen();
  const client = new ServiceClient({
    baseUrl: `${url}/v2`,
    token: service.apiKey,
    requestsPerMinute: config.clientRequestsPerMinute,
  });
  const documentCount = async (): Promise<number> => {
    const response = await service.app.request('/v2/documents?page[size]=1', {
      headers: { Authorization: `Token ${service.apiKey}` },
    });
    if (!response.ok) throw new Error(`GET /v2/documents answered ${response.status}`);
    return totalOnly.parse(await response.json()).meta.total;
  };
  return { config, service, url, client, documentCount, close: () => service.close() };
}
