import { settings } from '../../../src/config/settings.ts';

/**
 * What the stack must hold, function by function and role by role: the template test compares the
 * packaged template with these tables.
 */
export interface FunctionSpec {
  readonly logicalId: string;
  readonly role: string;
  readonly logGroup: string;
  readonly timeout: number;
  readonly memory: number;
  /** Calls the service, so it counts against the API key's rate limit. */
  readonly usesApi: boolean;
  readonly sqs?: { queue: string; batchSize: number; window: number; maxConcurrency: number };
}

export const FUNCTIONS: Record<string, FunctionSpec> = {
  's3-drop': {
    logicalId: 'S3DashdropLambdaFunction',
    role: 'S3DropRole',
    logGroup: 'S3DashdropLogGroup',
    timeout: 300,
    memory: 1024,
    usesApi: false,
    sqs: { queue: 'DropQueue', batchSize: 5, window: 5, maxConcurrency: 5 },
  },
  ingest: {
    logicalId: 'IngestLambdaFunction',
    role: 'IngestRole',
    logGroup: 'IngestLogGroup',
    timeout: 300,
    memory: 1024,
    usesApi: true,
    sqs: { queue: 'IntakeQueue', batchSize: 5, window: 5, maxConcurrency: 2 },
  },
  webhook: {
    logicalId: 'WebhookLambdaFunction',
    role: 'WebhookRole',
    logGroup: 'WebhookLogGroup',
    timeout: 10,
    memory: 512,
    usesApi: false,
  },
  events: {
    logicalId: 'EventsLambdaFunction',
    role: 'EventsRole',
    logGroup: 'EventsLogGroup',
    timeout: 180,
    memory: 512,
    usesApi: true,
    sqs: { queue: 'EventsQueue', batchSize: 10, window: 2, maxConcurrency: 2 },
  },
  reconcile: {
    logicalId: 'ReconcileLambdaFunction',
    role: 'ReconcileRole',
    logGroup: 'ReconcileLogGroup',
    timeout: 240,
    memory: 512,
    usesApi: true,
  },
  'imap-poll': {
    logicalId: 'ImapDashpollLambdaFunction',
    role: 'ImapPollRole',
    logGroup: 'ImapDashpollLogGroup',
    timeout: 240,
    memory: 1024,
    usesApi: false,
  },
};

/** The settings every deployed function is given (aws-config.ts requires the AWS ones at start). */
export const REQUIRED_ENV = [
  settings.bucket.env,
  settings.dropQueueUrl.env,
  settings.intakeQueueUrl.env,
  settings.eventsQueueUrl.env,
  settings.failuresQueueUrl.env,
  settings.apiTokenParameter.env,
  settings.webhookSecretParameter.env,
  settings.apiBaseUrl.env,
  settings.maxReextracts.env,
  'POWERTOOLS_SERVICE_NAME',
  'POWERTOOLS_METRICS_NAMESPACE',
  'POWERTOOLS_LOG_LEVEL',
];
export const KNOWN_SETTINGS = new Set<string>(Object.values(settings).map((setting) => setting.env));

/** Every role's statements: Sid → actions. */
const consume = [
  'sqs:ChangeMessageVisibility',
  'sqs:DeleteMessage',
  'sqs:GetQueueAttributes',
  'sqs:ReceiveMessage',
];
const logs = ['logs:CreateLogStream', 'logs:PutLogEvents'];
const objects = ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'];
export const ROLE_STATEMENTS: Record<string, Record<string, string[]>> = {
  S3DropRole: {
    Logs: logs,
    ConsumeDropQueue: consume,
    SendIntake: ['sqs:SendMessage'],
    ListBucket: ['s3:ListBucket'],
    TakeFromInbox: ['s3:DeleteObject', 's3:DeleteObjectVersion', 's3:GetObject', 's3:GetObjectVersion'],
    ArchiveRejectAndStage: ['s3:PutObject'],
    ManageStaged: ['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:GetObject'],
  },
  IngestRole: {
    Logs: logs,
    ConsumeIntakeQueue: consume,
    SendEvents: ['sqs:SendMessage'],
    ListBucket: ['s3:ListBucket'],
    ReadAndDeleteStaged: ['s3:DeleteObject', 's3:GetObject'],
    Ledger: objects,
    ApiToken: ['ssm:GetParameter'],
    DecryptApiToken: ['kms:Decrypt'],
  },
  WebhookRole: {
    Logs: logs,
    SendEvents: ['sqs:SendMessage'],
    WebhookSecret: ['ssm:GetParameter'],
    DecryptWebhookSecret: ['kms:Decrypt'],
  },
  EventsRole: {
    Logs: logs,
    ConsumeAndSendEvents: [...consume, 'sqs:SendMessage'],
    AnnounceFailures: ['sqs:SendMessage'],
    ListBucket: ['s3:ListBucket'],
    LedgerAndOutcomes: objects,
    ApiToken: ['ssm:GetParameter'],
    DecryptApiToken: ['kms:Decrypt'],
  },
  ImapPollRole: {
    Logs: logs,
    SendIntake: ['sqs:SendMessage'],
    ListBucket: ['s3:ListBucket'],
    StageAndLedger: ['s3:AbortMultipartUpload', ...objects],
    MailboxSecrets: ['ssm:GetParameter'],
    DecryptMailboxSecrets: ['kms:Decrypt'],
  },
  ReconcileRole: {
    Logs: logs,
    SendEvents: ['sqs:SendMessage'],
    AnnounceFailures: ['sqs:SendMessage'],
    ListBucket: ['s3:ListBucket'],
    LedgerAndOutcomes: objects,
    ApiToken: ['ssm:GetParameter'],
    DecryptApiToken: ['kms:Decrypt'],
  },
};
