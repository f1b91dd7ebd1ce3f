import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { TrackingClient } from '../../client/tracking-client.ts';
import { loadConfig, serviceBaseUrl } from '../../config/load-config.ts';
import type { Config, ConfigOverrides } from '../../config/settings.ts';
import { AppError } from '../../domain/errors.ts';
import { startMcpHttpServer } from '../../mcp/http-server.ts';
import { runMcpStdio } from '../../mcp/stdio-server.ts';
import { createLogger } from '../../observability/logger.ts';
import { line, type Output } from '../output.ts';
import { untilAborted } from '../until-aborted.ts';

export interface McpDeps {
  readonly output: Output;
  /** The MCP client's requests, for `--stdio`. */
  readonly stdin?: Readable;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signal: AbortSignal;
  readonly version: string;
}

export type McpFlags = Pick<ConfigOverrides, 'mcpPort' | 'dataDir'> & { stdio?: boolean };

/** A client of the tracking API for one key, paced like every other client of the service. */
export const trackingClientFactory =
  (config: Config, baseUrl = serviceBaseUrl(config)) =>
  (token: string): TrackingClient =>
    new TrackingClient({ baseUrl, token, requestsPerMinute: config.clientRequestsPerMinute });

/** The lines that tell a user how to add the MCP server at `url` to a client. */
export const mcpClientHowTo = (url: string, keyFile: string | undefined): string[] => {
  const key = keyFile ? `$(cat ${resolve(keyFile)})` : '<API key>';
  return [
    `  add it:   claude mcp add --transport http stevedore ${url} --header "Authorization: Token ${key}"`,
    `  or JSON:  {"mcpServers":{"stevedore":{"type":"http","url":"${url}","headers":{"Authorization":"Token <API key>"}}}}`,
  ];
};

/** stdio has no header to carry a key: SVC_API_TOKEN, else the local service's key file. */
const stdioToken = async (config: Config): Promise<string> => {
  if (config.apiToken) return config.apiToken;
  const keyFile = join(config.dataDir, 'api-key');
  if (!config.apiBaseUrl) {
    const key = await readFile(keyFile, 'utf8').then(
      (text) => text.trim(),
      () => '',
    );
    if (key) return key;
  }
  throw new AppError(
    'missing_token',
    config.apiBaseUrl
      ? 'mcp --stdio needs SVC_API_TOKEN, the API key of SVC_API_BASE_URL'
      : `mcp --stdio needs SVC_API_TOKEN, or a local service's key in ${keyFile} (run stevedore up once)`,
  );
};

/**
 * `stevedore mcp`: the MCP server over streamable HTTP on `--port` (4020), or on stdin/stdout with
 * `--stdio`, in front of the tracking API at SVC_API_BASE_URL (default: the local service).
 */
export const mcp = async (flags: McpFlags, deps: McpDeps): Promise<number> => {
  const { stdio, ...settingFlags } = flags;
  const config = loadConfig(deps.env, settingFlags);
  const baseUrl = serviceBaseUrl(config);
  const clientFor = trackingClientFactory(config, baseUrl);
  if (stdio) {
    if (!deps.stdin) throw new AppError('no_stdin', 'mcp --stdio needs a standard input');
    const client = clientFor(await stdioToken(config));
    // stdout carries the protocol: nothing else may be written there.
    await runMcpStdio({
      client,
      version: deps.version,
      signal: deps.signal,
      stdin: deps.stdin,
      // The composition root hands process.stdout (a net.Socket or fs.WriteStream), a Writable.
      stdout: deps.output.stdout as Writable,
    });
    return 0;
  }
  const logger = createLogger({ level: config.logLevel, name: 'mcp' });
  const server = await startMcpHttpServer({
    host: config.host,
    port: config.mcpPort,
    allowedHosts: config.mcpAllowedHosts,
    allowedOrigins: config.mcpAllowedOrigins,
    clientFor,
    defaultToken: config.apiToken,
    version: deps.version,
    logger,
  });
  const { stdout } = deps.output;
  line(stdout, `MCP server ${server.url}   (tracking API ${baseUrl})`);
  for (const text of mcpClientHowTo(
    server.url,
    config.apiBaseUrl ? undefined : join(config.dataDir, 'api-key'),
  ))
    line(stdout, text);
  line(stdout, 'Press Ctrl-C to stop.');
  await untilAborted(deps.signal);
  await server.close();
  return 0;
};
