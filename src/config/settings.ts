import { z } from 'zod';
import { mailRulesConfigSchema } from '../mail/rules.ts';

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');
const commaList = z
  .union([z.array(z.string()), z.string()])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(','))
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );

/** JSON text parsed; anything else (an object already, or text that is not JSON) left to the schema. */
const parseJsonText = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** An SSM parameter name: a path of letters, digits and `_.-/`, as SSM accepts (never a value). */
const ssmParameterName = z
  .string()
  .regex(/^\/?[A-Za-z0-9_.\-/]{1,2048}$/, 'must be an SSM parameter name such as /stevedore/api-token');

/**
 * Every setting of stevedore: its environment variable and its schema (with the default). This
 * table is the only place that names environment variables; the README's settings table mirrors it.
 */
export const settings = {
  port: { env: 'STEVEDORE_PORT', schema: port.default(4010), doc: 'port of the local service' },
  host: { env: 'STEVEDORE_HOST', schema: z.string().min(1).default('127.0.0.1'), doc: 'address to bind' },
  dataDir: {
    env: 'STEVEDORE_DATA_DIR',
    schema: z.string().min(1).default('./.stevedore'),
    doc: 'state of the service and the worker',
  },
  inbox: { env: 'STEVEDORE_INBOX', schema: z.string().min(1).default('./inbox'), doc: 'drop folder' },
  inboxSubfolders: {
    env: 'STEVEDORE_INBOX_SUBFOLDERS',
    schema: flag.default(true),
    doc: 'also take files in subfolders of the inbox',
  },
  out: { env: 'STEVEDORE_OUT', schema: z.string().min(1).default('./out'), doc: 'results and failures' },
  apiToken: {
    env: 'SVC_API_TOKEN',
    schema: z.string().min(8, 'must be at least 8 characters').optional(),
    doc: 'API key; the local service adopts it as its key on first start',
  },
  apiBaseUrl: {
    env: 'SVC_API_BASE_URL',
    schema: z.url().optional(),
    doc: 'service to use; unset means the local service at http://<host>:<port>/v2',
  },
  receiverPort: {
    env: 'STEVEDORE_RECEIVER_PORT',
    schema: port.default(4011),
    doc: 'port of the webhook receiver',
  },
  receiverPublicUrl: {
    env: 'STEVEDORE_RECEIVER_URL',
    schema: z.url().optional(),
    doc: 'URL the service posts webhooks to; unset means http://<host>:<receiverPort>/webhooks',
  },
  maxUploadBytes: {
    env: 'STEVEDORE_MAX_UPLOAD_BYTES',
    schema: positiveInt.default(100 * 1024 * 1024),
    doc: 'largest file the service accepts',
  },
  unattachedUploadsPerAccount: {
    env: 'STEVEDORE_UNATTACHED_UPLOADS_PER_ACCOUNT',
    schema: positiveInt.default(1000),
    doc: 'direct uploads an account may have announced and not yet attached to a document (429 past it)',
  },
  unattachedUploadBytesPerAccount: {
    env: 'STEVEDORE_UNATTACHED_UPLOAD_BYTES_PER_ACCOUNT',
    schema: positiveInt.default(10 * 1024 * 1024 * 1024),
    doc: 'bytes of those unattached uploads (announced sizes), per account (429 past it)',
  },
  unattachedUploadTtlHours: {
    env: 'STEVEDORE_UNATTACHED_UPLOAD_TTL_HOURS',
    schema: positiveInt.default(24),
    doc: 'hours an unattached upload is kept; then its blob and file are swept and its signed id is refused',
  },
  smtpPort: {
    env: 'STEVEDORE_SMTP_PORT',
    schema: port.optional(),
    doc: 'port of the docs alias SMTP listener; `service` listens only when set, `up` defaults to 2525',
  },
  smtpHost: {
    env: 'STEVEDORE_SMTP_HOST',
    schema: z.string().min(1).default('127.0.0.1'),
    doc: 'address the SMTP listener binds; it has no AUTH, so keep it on loopback',
  },
  smtpDomain: {
    env: 'STEVEDORE_SMTP_DOMAIN',
    schema: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'must be a mail domain such as docs.example.com')
      .default('localhost'),
    doc: 'domain of the docs alias (docs+<account id>@<domain>); mail for any other domain is refused',
  },
  smtpMaxMessageBytes: {
    env: 'STEVEDORE_SMTP_MAX_MESSAGE_BYTES',
    schema: positiveInt.default(40 * 1024 * 1024),
    doc: 'largest message the SMTP listener accepts (advertised as SIZE; 552 above)',
  },
  rateLimitPerMinute: {
    env: 'STEVEDORE_RATE_LIMIT_PER_MINUTE',
    schema: positiveInt.default(100),
    doc: 'service requests per key per minute (default bucket)',
  },
  allowPrivateWebhooks: {
    env: 'STEVEDORE_ALLOW_PRIVATE_WEBHOOKS',
    schema: flag.default(false),
    doc: 'let the service deliver webhooks to loopback and private addresses',
  },
  timeScale: {
    env: 'STEVEDORE_TIME_SCALE',
    schema: z.coerce.number().positive().max(1_000_000).default(1),
    doc: "how much faster than real time the service's sandbox carrier plays journeys (demos)",
  },
  concurrency: {
    env: 'STEVEDORE_CONCURRENCY',
    schema: positiveInt.default(4),
    doc: 'files ingested at once',
  },
  clientRequestsPerMinute: {
    env: 'STEVEDORE_CLIENT_REQUESTS_PER_MINUTE',
    schema: positiveInt.default(90),
    doc: 'client-side cap, below the service limit so steady state never meets a 429',
  },
  maxReextracts: {
    env: 'STEVEDORE_MAX_REEXTRACTS',
    schema: z.coerce.number().int().min(0).default(2),
    doc: 're-extractions of a failed document before it is routed to failed/',
  },
  trackContainers: {
    env: 'STEVEDORE_TRACK_CONTAINERS',
    schema: flag.default(true),
    doc: 'create tracking requests for the containers and B/L numbers of extracted bills of lading and arrival notices',
  },
  reextractBackoffSeconds: {
    env: 'STEVEDORE_REEXTRACT_BACKOFF_SECONDS',
    schema: z.coerce.number().positive().default(30),
    doc: 'delay before the first re-extraction; each later one waits 4 times longer, at most 15 min',
  },
  reconcileAfterSeconds: {
    env: 'STEVEDORE_RECONCILE_AFTER_SECONDS',
    schema: positiveInt.default(300),
    doc: 'a document with no outcome after this long is looked up',
  },
  ocrEngine: {
    env: 'STEVEDORE_OCR_ENGINE',
    schema: z.enum(['auto', 'system', 'tesseract.js']).default('auto'),
    doc: 'OCR engine: auto uses the tesseract command when installed, else tesseract.js',
  },
  logLevel: {
    env: 'STEVEDORE_LOG_LEVEL',
    schema: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    doc: 'log level',
  },
  metrics: {
    env: 'STEVEDORE_METRICS',
    schema: z.string().min(1).optional(),
    doc: 'file the local worker appends CloudWatch EMF metric lines to (`up --metrics`); `-` is stdout',
  },
  bucket: {
    env: 'STEVEDORE_BUCKET',
    schema: z.string().min(3).max(63).optional(),
    doc: 'AWS: the S3 bucket of staged files, the ledger and the outcome files',
  },
  intakeQueueUrl: {
    env: 'STEVEDORE_INTAKE_QUEUE_URL',
    schema: z.url().optional(),
    doc: 'AWS: the SQS intake queue (sources to the ingest function)',
  },
  eventsQueueUrl: {
    env: 'STEVEDORE_EVENTS_QUEUE_URL',
    schema: z.url().optional(),
    doc: 'AWS: the SQS events queue (webhook function and re-extractions to the events function)',
  },
  failuresQueueUrl: {
    env: 'STEVEDORE_FAILURES_QUEUE_URL',
    schema: z.url().optional(),
    doc: 'AWS: the SQS queue every final extraction failure is announced on, for downstream consumers',
  },
  dropQueueUrl: {
    env: 'STEVEDORE_DROP_QUEUE_URL',
    schema: z.url().optional(),
    doc: "AWS: the SQS queue of the bucket's object-created notifications for the drop prefix (s3-drop function)",
  },
  apiTokenParameter: {
    env: 'STEVEDORE_API_TOKEN_PARAMETER',
    schema: ssmParameterName.optional(),
    doc: 'AWS: SSM SecureString parameter holding the API key, read at run time (never the key itself)',
  },
  webhookSecretParameter: {
    env: 'STEVEDORE_WEBHOOK_SECRET_PARAMETER',
    schema: ssmParameterName.optional(),
    doc: 'AWS: SSM SecureString parameter holding the webhook secret, read at run time',
  },
  imapPasswordParameter: {
    env: 'IMAP_PASSWORD_PARAMETER',
    schema: ssmParameterName.optional(),
    doc: 'AWS: SSM SecureString parameter holding the IMAP password (imap-poll function)',
  },
  imapOauthClientSecretParameter: {
    env: 'IMAP_OAUTH_CLIENT_SECRET_PARAMETER',
    schema: ssmParameterName.optional(),
    doc: 'AWS: SSM SecureString parameter holding the OAuth2 client secret (imap-poll function)',
  },
  secretsMaxAgeSeconds: {
    env: 'STEVEDORE_SECRETS_MAX_AGE_SECONDS',
    schema: positiveInt.max(3600).default(300),
    doc: 'AWS: how long a secret read from SSM is cached; a rotation applies within this long',
  },
  mcpPort: {
    env: 'STEVEDORE_MCP_PORT',
    schema: port.default(4020),
    doc: 'port of the MCP (agent) server, `stevedore mcp` and `up`',
  },
  imapHost: {
    env: 'IMAP_HOST',
    schema: z.string().min(1).optional(),
    doc: 'server of the shared mailbox; set, `up` polls it (IDLE)',
  },
  imapPort: { env: 'IMAP_PORT', schema: port.default(993), doc: 'IMAP port' },
  imapUser: {
    env: 'IMAP_USER',
    schema: z.string().min(1).optional(),
    doc: 'IMAP login (the mailbox address)',
  },
  imapPassword: {
    env: 'IMAP_PASSWORD',
    schema: z.string().min(1).optional(),
    doc: 'IMAP password; unset when OAuth2 is configured',
  },
  imapTls: {
    env: 'IMAP_TLS',
    schema: flag.default(true),
    doc: 'TLS from the first byte (993); false: plain or STARTTLS',
  },
  imapMailbox: { env: 'IMAP_MAILBOX', schema: z.string().min(1).default('INBOX'), doc: 'mailbox polled' },
  imapOauthTokenUrl: {
    env: 'IMAP_OAUTH_TOKEN_URL',
    schema: z.url().optional(),
    doc: 'OAuth2 token endpoint (client credentials); set, XOAUTH2 replaces the password',
  },
  imapOauthClientId: {
    env: 'IMAP_OAUTH_CLIENT_ID',
    schema: z.string().min(1).optional(),
    doc: 'OAuth2 client id',
  },
  imapOauthClientSecret: {
    env: 'IMAP_OAUTH_CLIENT_SECRET',
    schema: z.string().min(1).optional(),
    doc: 'OAuth2 client secret',
  },
  imapOauthScope: {
    env: 'IMAP_OAUTH_SCOPE',
    schema: z.string().min(1).optional(),
    doc: 'OAuth2 scope asked for',
  },
  mailMaxMessageBytes: {
    env: 'STEVEDORE_MAIL_MAX_MESSAGE_BYTES',
    schema: positiveInt.default(40 * 1024 * 1024),
    doc: 'a larger mail message is refused whole and moved to Failed',
  },
  mailRules: {
    env: 'STEVEDORE_MAIL_RULES',
    // JSON in the environment; an object when a caller passes the parsed config back in as overrides.
    schema: z.preprocess(parseJsonText, mailRulesConfigSchema).optional(),
    doc: 'mail rules per mailbox as JSON (senders, subjects, attachment types and size); unset takes everything',
  },
  mailMaxDocuments: {
    env: 'STEVEDORE_MAIL_MAX_DOCUMENTS',
    schema: positiveInt.default(50),
    doc: 'documents taken from one message; further parts are skipped',
  },
  mcpAllowedHosts: {
    env: 'SVC_MCP_ALLOWED_HOSTS',
    schema: commaList.default([]),
    doc: 'Host headers the MCP server accepts (`host[:port]` or hostname); empty accepts loopback names only',
  },
  mcpAllowedOrigins: {
    env: 'SVC_MCP_ALLOWED_ORIGINS',
    schema: commaList.default([]),
    doc: "Origins the MCP server accepts; empty accepts loopback origins and the request's own host",
  },
} as const;

export type SettingName = keyof typeof settings;
type Schemas = { [K in SettingName]: (typeof settings)[K]['schema'] };
export const configSchema = z.object(
  // fromEntries loses the keys; the entries are exactly `settings`' names mapped to their schemas.
  Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, setting.schema])) as Schemas,
);
export type Config = z.infer<typeof configSchema>;
export type ConfigOverrides = Partial<z.input<typeof configSchema>>;
