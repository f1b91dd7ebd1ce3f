import { asList, type CfnResource, textOf } from './package-template.ts';

export interface Statement {
  readonly Sid?: string;
  readonly Effect: string;
  readonly Principal?: unknown;
  readonly Action: string | string[];
  readonly Resource?: unknown;
  readonly Condition?: Record<string, Record<string, unknown>>;
}

/** Every statement of a role's inline policies. */
export const statementsOf = (role: CfnResource): Statement[] => {
  const policies = role.Properties.Policies as Array<{ PolicyDocument: { Statement: Statement[] } }>;
  return policies.flatMap((policy) => policy.PolicyDocument.Statement);
};

/** Objects under one named prefix of the stack's bucket: a wildcard over keys, not over resources. */
const BUCKET_PREFIX = /^\$\{DocumentsBucket\.Arn\}\/[a-z-]+\/\*$/;
/** Any KMS key of the account: allowed only through SSM, for one parameter (the key's id is not known). */
const KMS_KEYS = /:kms:\$\{AWS::Region\}:\$\{AWS::AccountId\}:key\/\*$/;

/**
 * The least-privilege rules, as problems (empty when none): no action with `*`, no resource `*`, and a
 * `*` in a resource only over the keys of a bucket prefix, or over KMS keys with the SSM conditions.
 */
export const checkIamStatements = (statements: readonly Statement[]): string[] => {
  const problems: string[] = [];
  for (const statement of statements) {
    const where = statement.Sid ?? JSON.stringify(statement.Action);
    for (const action of asList(statement.Action)) {
      if (typeof action !== 'string' || action.includes('*'))
        problems.push(`${where}: action ${String(action)}`);
    }
    const resources = asList(statement.Resource);
    if (resources.length === 0) problems.push(`${where}: no resource`);
    for (const value of resources) {
      const text = textOf(value);
      if (text === undefined || !text.includes('*')) continue;
      if (BUCKET_PREFIX.test(text)) continue;
      const equals = statement.Condition?.StringEquals ?? {};
      const viaSsm = 'kms:ViaService' in equals && 'kms:EncryptionContext:PARAMETER_ARN' in equals;
      if (KMS_KEYS.test(text) && viaSsm) continue;
      problems.push(`${where}: resource ${text}`);
    }
  }
  return problems;
};
