import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** What the assertions read of CloudFormation: every resource's type and properties, loosely typed. */
export interface CfnResource {
  readonly Type: string;
  readonly Condition?: string;
  readonly DependsOn?: string | string[];
  // CloudFormation properties are free-form JSON; each test narrows what it reads.
  readonly Properties: Record<string, unknown>;
}

export interface CfnTemplate {
  readonly Resources: Record<string, CfnResource>;
  readonly Outputs: Record<string, { readonly Value: unknown }>;
  readonly Conditions?: Record<string, unknown>;
}

export interface PackagedTemplate {
  readonly template: CfnTemplate;
  /** The template as written, to search for strings that must not be in it. */
  readonly text: string;
  /** The osls state file beside it (resolved variables), searched too. */
  readonly stateText: string;
  readonly dir: string;
}

/** Secrets put in the packaging's environment, which must never reach the template. */
export const TEST_API_TOKEN = 'tok_template_test_5c1e9a77d2';
export const TEST_WEBHOOK_SECRET = 'whsec_template_test_8b3f01c4e6';

/** Packaging bundles five functions with esbuild: a few seconds, more on a busy machine. */
export const PACKAGE_TIMEOUT_MS = 120_000;

/**
 * Runs `osls package` as `npm run package` does, into a temporary directory, with no AWS credentials
 * (the AWS variables removed, the credential files pointed at /dev/null) and with secrets in the
 * environment that the template must not pick up.
 */
export const packageTemplate = async (stage: string, params: Record<string, string> = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'stevedore-template-'));
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('AWS_')) env[name] = value;
  }
  Object.assign(env, {
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    AWS_CONFIG_FILE: '/dev/null',
    SLS_TELEMETRY_DISABLED: '1',
    SLS_NOTIFICATIONS_MODE: 'off',
    SVC_API_TOKEN: TEST_API_TOKEN,
    STEVEDORE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  });
  const paramArgs = Object.entries(params).map(([name, value]) => `--param=${name}=${value}`);
  // process.execPath is the Node 24 that runs the tests, as `npm run package` would use.
  await promisify(execFile)(
    process.execPath,
    ['node_modules/osls/bin/serverless.js', 'package', '--stage', stage, '--package', dir, ...paramArgs],
    { env, timeout: PACKAGE_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
  );
  const text = readFileSync(join(dir, 'cloudformation-template-update-stack.json'), 'utf8');
  const stateText = readFileSync(join(dir, 'serverless-state.json'), 'utf8');
  // The file is CloudFormation JSON written by osls; the tests check the parts they read.
  const template = JSON.parse(text) as CfnTemplate;
  return { template, text, stateText, dir } satisfies PackagedTemplate;
};

/** The resources of one type, by logical id. */
export const resourcesOf = (template: CfnTemplate, type: string): Array<[string, CfnResource]> =>
  Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);

export const resource = (template: CfnTemplate, logicalId: string): CfnResource => {
  const found = template.Resources[logicalId];
  if (found === undefined) throw new Error(`no resource ${logicalId} in the template`);
  return found;
};

/** `{ "Fn::GetAtt": [id, attribute] }` → id; a `Ref` → id. */
export const referencedId = (value: unknown): string | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  if ('Ref' in value && typeof value.Ref === 'string') return value.Ref;
  if ('Fn::GetAtt' in value && Array.isArray(value['Fn::GetAtt'])) {
    const [id] = value['Fn::GetAtt'];
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
};

/** A property value as a list (IAM allows a string or a list in Action and Resource). */
export const asList = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The text of a resource value: a plain string, or the template of an `Fn::Sub`. */
export const textOf = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    'Fn::Sub' in value &&
    typeof value['Fn::Sub'] === 'string'
  ) {
    return value['Fn::Sub'];
  }
  return undefined;
};
