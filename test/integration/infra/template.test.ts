import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagedBlobKey } from '../../../pipeline/admission/admission.ts';
import { LEDGER_PREFIX } from '../../../pipeline/handlers/aws-composition.ts';
import { outcomePrefix } from '../../../pipeline/sinks/outcome-keys.ts';
import { DEFAULT_DROP_PREFIXES } from '../../../pipeline/sources/s3-drop-keys.ts';
import { settings } from '../../../src/config/settings.ts';
import { METRIC_NAMES, METRICS_NAMESPACE, METRICS_SERVICE } from '../../../src/observability/metrics.ts';
import { FUNCTIONS, KNOWN_SETTINGS, REQUIRED_ENV, ROLE_STATEMENTS } from './expected-stack.ts';
import { checkIamStatements, type Statement, statementsOf } from './iam-rules.ts';
import {
  asList,
  type CfnTemplate,
  PACKAGE_TIMEOUT_MS,
  type PackagedTemplate,
  packageTemplate,
  referencedId,
  resource,
  resourcesOf,
  TEST_API_TOKEN,
  TEST_WEBHOOK_SECRET,
  textOf,
} from './package-template.ts';

const STAGE = 'citest';
const ALARM_EMAIL = 'ops@example.com';

const props = (template: CfnTemplate, id: string) => resource(template, id).Properties;
const envOf = (template: CfnTemplate, id: string): Record<string, unknown> => {
  const environment = props(template, id).Environment as { Variables: Record<string, unknown> };
  return environment.Variables;
};

let packaged: PackagedTemplate;
let template: CfnTemplate;

beforeAll(async () => {
  packaged = await packageTemplate(STAGE, { alarmEmail: ALARM_EMAIL });
  template = packaged.template;
}, PACKAGE_TIMEOUT_MS);

afterAll(() => {
  if (packaged) rmSync(packaged.dir, { recursive: true, force: true });
});

describe('the functions', () => {
  it.each(Object.entries(FUNCTIONS))(
    '%s: Node 24 on arm64, its handler, timeout, memory and role',
    (name, spec) => {
      const fn = props(template, spec.logicalId);
      expect(fn).toMatchObject({
        FunctionName: `stevedore-${STAGE}-${name}`,
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: `pipeline/handlers/${name}.handler.handler`,
        Timeout: spec.timeout,
        MemorySize: spec.memory,
      });
      expect(referencedId(fn.Role)).toBe(spec.role);
      // An ESM bundle per function, zipped beside the template.
      expect(statSync(join(packaged.dir, `${name}.zip`)).size).toBeGreaterThan(0);
    },
  );

  it('each function has a role of its own', () => {
    const roles = Object.values(FUNCTIONS).map((spec) => referencedId(props(template, spec.logicalId).Role));
    expect(new Set(roles).size).toBe(roles.length);
    expect(
      resourcesOf(template, 'AWS::IAM::Role')
        .map(([id]) => id)
        .sort(),
    ).toEqual(
      Object.values(FUNCTIONS)
        .map((spec) => spec.role)
        .sort(),
    );
  });

  it.each(Object.entries(FUNCTIONS))(
    '%s: the settings by their names, parameter names only',
    (_name, spec) => {
      const env = envOf(template, spec.logicalId);
      for (const name of REQUIRED_ENV) expect(env, name).toHaveProperty(name);
      for (const name of Object.keys(env).filter((key) => /^(STEVEDORE|SVC)_/.test(key))) {
        expect(KNOWN_SETTINGS, `${name} is not a setting of settings.ts`).toContain(name);
      }
      expect(env).toMatchObject({
        [settings.apiTokenParameter.env]: `/stevedore/${STAGE}/api-token`,
        [settings.webhookSecretParameter.env]: `/stevedore/${STAGE}/webhook-secret`,
        POWERTOOLS_SERVICE_NAME: METRICS_SERVICE,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      });
      expect(referencedId(env[settings.bucket.env])).toBe('DocumentsBucket');
      expect(referencedId(env[settings.intakeQueueUrl.env])).toBe('IntakeQueue');
      expect(env).not.toHaveProperty(settings.apiToken.env);
    },
  );

  it('the functions that call the service stay under its rate limit however far they scale', () => {
    const limit = settings.rateLimitPerMinute.schema.parse(undefined);
    let perMinute = 0;
    for (const spec of Object.values(FUNCTIONS).filter((fn) => fn.usesApi)) {
      const fn = props(template, spec.logicalId);
      const instances = Number(fn.ReservedConcurrentExecutions);
      const pace = Number(envOf(template, spec.logicalId)[settings.clientRequestsPerMinute.env]);
      expect(instances, spec.logicalId).toBeGreaterThanOrEqual(1);
      expect(pace, spec.logicalId).toBeGreaterThan(0);
      perMinute += instances * pace;
    }
    expect(perMinute).toBeLessThan(limit);
  });

  it('the webhook has a public function URL (the signature authenticates); reconcile and imap-poll run every 5 minutes', () => {
    const [[, url] = []] = resourcesOf(template, 'AWS::Lambda::Url');
    expect(url?.Properties.AuthType).toBe('NONE');
    expect(referencedId(url?.Properties.TargetFunctionArn)).toBe('WebhookLambdaFunction');
    expect(template.Outputs).toHaveProperty('WebhookLambdaFunctionUrl');
    const rules = resourcesOf(template, 'AWS::Events::Rule');
    const scheduled = rules.map(([, rule]) => {
      expect(rule.Properties.ScheduleExpression).toBe('rate(5 minutes)');
      const targets = rule.Properties.Targets as Array<{ Arn: unknown }>;
      return referencedId(targets[0]?.Arn);
    });
    expect(scheduled.sort()).toEqual(['ImapDashpollLambdaFunction', 'ReconcileLambdaFunction']);
    // Each run ends before the next starts.
    expect(Number(props(template, 'ReconcileLambdaFunction').Timeout)).toBeLessThan(300);
    expect(Number(props(template, 'ImapDashpollLambdaFunction').Timeout)).toBeLessThan(300);
  });
});

describe('the queues', () => {
  const mappings = () => resourcesOf(template, 'AWS::Lambda::EventSourceMapping');

  it.each(Object.entries(FUNCTIONS).filter(([, spec]) => spec.sqs))(
    '%s: batch size, window, partial batch responses and maximum concurrency',
    (_name, spec) => {
      const sqs = spec.sqs;
      const mine = mappings().filter(([, m]) => referencedId(m.Properties.FunctionName) === spec.logicalId);
      expect(mine).toHaveLength(1);
      const [[, mapping] = []] = mine;
      expect(referencedId(mapping?.Properties.EventSourceArn)).toBe(sqs?.queue);
      expect(mapping?.Properties).toMatchObject({
        BatchSize: sqs?.batchSize,
        MaximumBatchingWindowInSeconds: sqs?.window,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: sqs?.maxConcurrency },
      });
      // Reserved concurrency below the mapping's maximum would throttle records into the DLQ.
      const reserved = props(template, spec.logicalId).ReservedConcurrentExecutions;
      if (reserved !== undefined) expect(Number(reserved)).toBeGreaterThanOrEqual(sqs?.maxConcurrency ?? 0);
    },
  );

  it('every consumed queue is hidden for 6× its function timeout while a batch runs', () => {
    expect(mappings()).toHaveLength(3);
    for (const [, mapping] of mappings()) {
      const queue = props(template, referencedId(mapping.Properties.EventSourceArn) ?? '');
      const fn = props(template, referencedId(mapping.Properties.FunctionName) ?? '');
      expect(Number(queue.VisibilityTimeout)).toBeGreaterThanOrEqual(6 * Number(fn.Timeout));
    }
  });

  it('every queue has a dead-letter queue after at least 5 receives; DLQs keep 14 days', () => {
    const queues = resourcesOf(template, 'AWS::SQS::Queue');
    const dlqs = new Set<string>();
    for (const [id, queue] of queues) {
      const redrive = queue.Properties.RedrivePolicy as
        | { deadLetterTargetArn: unknown; maxReceiveCount: number }
        | undefined;
      if (redrive === undefined) continue;
      expect(redrive.maxReceiveCount, id).toBeGreaterThanOrEqual(5);
      const dlq = referencedId(redrive.deadLetterTargetArn) ?? '';
      expect(resource(template, dlq).Type).toBe('AWS::SQS::Queue');
      dlqs.add(dlq);
    }
    expect([...dlqs].sort()).toEqual([
      'DropDeadLetterQueue',
      'EventsDeadLetterQueue',
      'FailuresDeadLetterQueue',
      'IntakeDeadLetterQueue',
    ]);
    for (const [id, queue] of queues) {
      if (dlqs.has(id)) expect(queue.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
      else expect(queue.Properties.RedrivePolicy, `${id} has no DLQ`).toBeDefined();
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    }
  });
});

describe('the bucket', () => {
  const bucket = () => props(template, 'DocumentsBucket');

  it('notifies the drop queue of every object created under inbox/', () => {
    const notifications = bucket().NotificationConfiguration as {
      QueueConfigurations: Array<{ Event: string; Queue: unknown; Filter: unknown }>;
    };
    expect(notifications.QueueConfigurations).toHaveLength(1);
    const [config] = notifications.QueueConfigurations;
    expect(config?.Event).toBe('s3:ObjectCreated:*');
    expect(referencedId(config?.Queue)).toBe('DropQueue');
    expect(config?.Filter).toEqual({ S3Key: { Rules: [{ Name: 'prefix', Value: 'inbox/' }] } });
    // Only this bucket may send to the drop queue, and the bucket waits for that permission.
    expect([resource(template, 'DocumentsBucket').DependsOn].flat()).toContain('DropQueuePolicy');
    const policy = props(template, 'DropQueuePolicy').PolicyDocument as { Statement: Statement[] };
    const [allow] = policy.Statement;
    const sourceArn = allow?.Condition?.ArnEquals?.['aws:SourceArn'];
    expect(textOf(sourceArn)).toBe(`arn:\${AWS::Partition}:s3:::${textOf(bucket().BucketName)}`);
  });

  it('expires staged files and tiers then expires the archive', () => {
    const rules = (bucket().LifecycleConfiguration as { Rules: Array<Record<string, unknown>> }).Rules;
    const staged = rules.find((rule) => rule.Prefix === 'staged/');
    expect(staged).toMatchObject({ Status: 'Enabled', ExpirationInDays: 30 });
    const archive = rules.find((rule) => rule.Prefix === 'archive/');
    expect(archive).toMatchObject({ Status: 'Enabled', Transitions: [{ StorageClass: 'GLACIER_IR' }] });
    expect(Number(archive?.ExpirationInDays)).toBeGreaterThan(30);
    expect(rules.some((rule) => rule.AbortIncompleteMultipartUpload !== undefined)).toBe(true);
    // Nothing expires the ledger or the outcomes.
    expect(
      rules
        .map((rule) => rule.Prefix)
        .filter(Boolean)
        .sort(),
    ).toEqual(['archive/', 'staged/']);
  });

  it('is encrypted, blocks public access, is kept on removal and refuses requests without TLS', () => {
    expect(bucket().BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(bucket().PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(template.Resources.DocumentsBucket).toMatchObject({ DeletionPolicy: 'Retain' });
    const policy = props(template, 'DocumentsBucketPolicy');
    expect(referencedId(policy.Bucket)).toBe('DocumentsBucket');
    const [deny] = (policy.PolicyDocument as { Statement: Statement[] }).Statement;
    expect(deny).toMatchObject({
      Effect: 'Deny',
      Principal: '*',
      Action: 's3:*',
      Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    });
    expect(referencedId(asList(deny?.Resource)[0])).toBe('DocumentsBucket');
  });
  it('every bucket of the stack, the deployment bucket too, is private and TLS-only', () => {
    const policies = resourcesOf(template, 'AWS::S3::BucketPolicy').map(([, policy]) => policy.Properties);
    for (const [id, bucket] of resourcesOf(template, 'AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toMatchObject({ BlockPublicPolicy: true });
      const policy = policies.find((candidate) => referencedId(candidate.Bucket) === id);
      expect(JSON.stringify(policy?.PolicyDocument), id).toMatch(/"aws:SecureTransport":"?false"?/);
    }
  });
});

describe('least privilege', () => {
  it.each(Object.entries(FUNCTIONS))(
    '%s: no * action, no * resource where a name is known',
    (_name, spec) => {
      const statements = statementsOf(resource(template, spec.role));
      expect(checkIamStatements(statements)).toEqual([]);
      const logs = statements.find((statement) => statement.Sid === 'Logs');
      expect(referencedId(logs?.Resource)).toBe(spec.logGroup);
      if (spec.sqs) {
        const consume = statements.find((statement) =>
          [statement.Action].flat().includes('sqs:ReceiveMessage'),
        );
        expect(referencedId(consume?.Resource)).toBe(spec.sqs.queue);
        expect([consume?.Action].flat()).toEqual(
          expect.arrayContaining([
            'sqs:DeleteMessage',
            'sqs:ChangeMessageVisibility',
            'sqs:GetQueueAttributes',
          ]),
        );
      }
    },
  );

  it('each role holds exactly these statements', () => {
    for (const [role, statements] of Object.entries(ROLE_STATEMENTS)) {
      const actual = Object.fromEntries(
        statementsOf(resource(template, role)).map((statement) => [
          statement.Sid,
          [statement.Action].flat().sort(),
        ]),
      );
      expect(actual, role).toEqual(statements);
      expect(statementsOf(resource(template, role)).every((statement) => statement.Effect === 'Allow')).toBe(
        true,
      );
    }
  });

  it('the rules catch a wildcard action, a wildcard resource and an unconditioned KMS key', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a CloudFormation Fn::Sub template, not JavaScript's.
    const keys = { 'Fn::Sub': 'arn:${AWS::Partition}:kms:${AWS::Region}:${AWS::AccountId}:key/*' };
    expect(
      checkIamStatements([
        { Sid: 'A', Effect: 'Allow', Action: 's3:*', Resource: { 'Fn::GetAtt': ['DocumentsBucket', 'Arn'] } },
        { Sid: 'B', Effect: 'Allow', Action: 'sqs:SendMessage', Resource: '*' },
        { Sid: 'C', Effect: 'Allow', Action: 'kms:Decrypt', Resource: keys },
      ]),
    ).toEqual(['A: action s3:*', 'B: resource *', `C: resource ${keys['Fn::Sub']}`]);
  });

  it('grant exactly the key prefixes the code writes under', () => {
    // The functions' keys come from the code; a prefix missing from the roles is AccessDenied in AWS.
    const written = [
      DEFAULT_DROP_PREFIXES.inbox,
      DEFAULT_DROP_PREFIXES.archive,
      DEFAULT_DROP_PREFIXES.rejected,
      `${stagedBlobKey('origin').split('/')[0]}/`,
      `${LEDGER_PREFIX}/`,
      `${outcomePrefix('result')}/`,
      `${outcomePrefix('failure')}/`,
    ].sort();
    const granted = new Set(
      Object.values(FUNCTIONS).flatMap((spec) =>
        statementsOf(resource(template, spec.role)).flatMap((statement) =>
          [statement.Resource].flat().flatMap((value) => {
            const match = /\/([a-z-]+\/)\*$/.exec(textOf(value) ?? '');
            return match?.[1] === undefined ? [] : [match[1]];
          }),
        ),
      ),
    );
    expect([...granted].sort()).toEqual(written);
  });

  it('each function reads only its own secret parameter, by ARN', () => {
    const parameterOf = (role: string) =>
      statementsOf(resource(template, role))
        .filter((statement) => [statement.Action].flat().includes('ssm:GetParameter'))
        .map((statement) => textOf(statement.Resource));
    const arn = (name: string) =>
      `arn:\${AWS::Partition}:ssm:\${AWS::Region}:\${AWS::AccountId}:parameter${name}`;
    expect(parameterOf('S3DropRole')).toEqual([]);
    expect(parameterOf('WebhookRole')).toEqual([arn(`/stevedore/${STAGE}/webhook-secret`)]);
    for (const role of ['IngestRole', 'EventsRole', 'ReconcileRole']) {
      expect(parameterOf(role)).toEqual([arn(`/stevedore/${STAGE}/api-token`)]);
    }
  });

  it('no secret value is anywhere in the template or the packaging state', () => {
    for (const text of [packaged.text, packaged.stateText]) {
      expect(text).not.toContain(TEST_API_TOKEN);
      expect(text).not.toContain(TEST_WEBHOOK_SECRET);
    }
    expect(existsSync(join(packaged.dir, 'cloudformation-template-update-stack.json'))).toBe(true);
  });
});

describe('the alarms', () => {
  const alarms = () => resourcesOf(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
  const dimension = (alarm: Record<string, unknown>, name: string) =>
    (alarm.Dimensions as Array<{ Name: string; Value: unknown }> | undefined)?.find((d) => d.Name === name)
      ?.Value;
  const alarmsOn = (metric: string, dimensionName: string, id: string) =>
    alarms().filter(
      (alarm) => alarm.MetricName === metric && referencedId(dimension(alarm, dimensionName)) === id,
    );

  it('every alarm goes to the SNS topic, which e-mails the address given', () => {
    expect(alarms().length).toBeGreaterThanOrEqual(19);
    for (const alarm of alarms()) {
      expect((alarm.AlarmActions as unknown[]).map(referencedId)).toEqual(['AlarmTopic']);
    }
    expect(props(template, 'AlarmEmailSubscription')).toMatchObject({
      Protocol: 'email',
      Endpoint: ALARM_EMAIL,
    });
    expect(resource(template, 'AlarmEmailSubscription').Condition).toBe('HasAlarmEmail');
    expect(template.Outputs).toHaveProperty('AlarmTopicArn');
  });

  it('any message in any DLQ, and the oldest message of each consumed queue', () => {
    for (const dlq of [
      'DropDeadLetterQueue',
      'IntakeDeadLetterQueue',
      'EventsDeadLetterQueue',
      'FailuresDeadLetterQueue',
    ]) {
      const [alarm, ...more] = alarmsOn('ApproximateNumberOfMessagesVisible', 'QueueName', dlq);
      expect(more, dlq).toEqual([]);
      expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    }
    for (const queue of ['DropQueue', 'IntakeQueue', 'EventsQueue']) {
      expect(alarmsOn('ApproximateAgeOfOldestMessage', 'QueueName', queue), queue).toHaveLength(1);
    }
  });

  it.each(Object.entries(FUNCTIONS))('%s: errors and throttles', (_name, spec) => {
    expect(alarmsOn('Errors', 'FunctionName', spec.logicalId)).toHaveLength(1);
    expect(alarmsOn('Throttles', 'FunctionName', spec.logicalId)).toHaveLength(1);
  });

  it('webhook signature rejections, counted from the webhook log group, and lost webhooks recovered', () => {
    const name = METRIC_NAMES.webhookSignatureRejected;
    const [[, filter] = []] = resourcesOf(template, 'AWS::Logs::MetricFilter');
    expect(referencedId(filter?.Properties.LogGroupName)).toBe('WebhookLogGroup');
    expect(filter?.Properties.FilterPattern).toBe(`{ $.${name} > 0 }`);
    const [transformation] = (filter?.Properties.MetricTransformations ?? []) as Array<
      Record<string, unknown>
    >;
    expect(transformation).toMatchObject({ MetricName: name, MetricValue: `$.${name}` });
    const rejected = alarms().filter((alarm) => alarm.MetricName === name);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.Namespace).toBe(transformation?.MetricNamespace);

    const lost = alarms().filter((alarm) => alarm.MetricName === METRIC_NAMES.lostWebhooksRecovered);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ Namespace: METRICS_NAMESPACE, Threshold: 0 });
    expect(dimension(lost[0] ?? {}, 'service')).toBe(METRICS_SERVICE);
  });

  it('the dashboard shows every function, queue and application metric', () => {
    const body = textOf(props(template, 'Dashboard').DashboardBody) ?? '';
    const json = JSON.parse(body.replaceAll(/\$\{AWS::\w+\}/g, 'x')) as { widgets: unknown[] };
    expect(json.widgets.length).toBeGreaterThan(5);
    for (const name of Object.keys(FUNCTIONS)) expect(body).toContain(`"stevedore-${STAGE}-${name}"`);
    for (const queue of ['drop', 'intake', 'events', 'failures']) {
      expect(body).toContain(`"stevedore-${STAGE}-${queue}"`);
      expect(body).toContain(`"stevedore-${STAGE}-${queue}-dlq"`);
    }
    for (const metric of Object.values(METRIC_NAMES)) expect(body).toContain(metric);
  });
});
