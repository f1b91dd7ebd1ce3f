import type { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';
import type { Config } from '../../src/config/settings.ts';
import { AppError } from '../../src/domain/errors.ts';

/**
 * Reads one secret by parameter name, decrypted, from a cache no older than `maxAgeSeconds`. The
 * deployed functions pass Powertools' `SSMProvider` (`ssmSecretReader`); tests pass a map.
 */
export type SecretReader = (name: string, maxAgeSeconds: number) => Promise<string | undefined>;

/** Powertools' SSM provider as a `SecretReader`: SecureString parameters, decrypted, cached `maxAge`. */
export const ssmSecretReader =
  (provider: SSMProvider): SecretReader =>
  async (name, maxAgeSeconds) => {
    const value = await provider.get(name, { decrypt: true, maxAge: maxAgeSeconds });
    return typeof value === 'string' ? value : undefined;
  };

/** The parameter is missing or empty: a deployment problem, not something a retry fixes soon. */
export class SecretMissingError extends AppError {
  constructor(setting: string, name: string) {
    // The parameter's name is safe to show; its value is never part of an error or a log line.
    super('secret_missing', `${setting}: parameter ${name} is missing or empty`, { retryable: true });
  }
}

export interface Secrets {
  /** The service's API key. */
  apiToken(): Promise<string>;
  /** The webhook subscription's secret. */
  webhookSecret(): Promise<string>;
  /** The shared mailbox's password (imap-poll); absent where no function polls a mailbox. */
  imapPassword?(): Promise<string>;
  /** The OAuth2 client secret of the shared mailbox's application (imap-poll). */
  imapOauthClientSecret?(): Promise<string>;
}

export interface SecretsOptions {
  readonly read: SecretReader;
  readonly config: Pick<
    Config,
    | 'apiTokenParameter'
    | 'webhookSecretParameter'
    | 'secretsMaxAgeSeconds'
    | 'imapPasswordParameter'
    | 'imapOauthClientSecretParameter'
  >;
}

/**
 * The functions' secrets, read at run time by parameter name (never in the environment or in
 * `serverless.yml`) and cached for `STEVEDORE_SECRETS_MAX_AGE_SECONDS`, so a rotation applies within
 * that long without a deployment. Retryable when missing: a record fails alone and is tried again by
 * the retry rule, which covers a parameter created just after the deployment.
 */
export const createSecrets = ({ read, config }: SecretsOptions): Secrets => {
  const get = async (setting: string, name: string | undefined): Promise<string> => {
    if (name === undefined) throw new SecretMissingError(setting, '(not set)');
    const value = await read(name, config.secretsMaxAgeSeconds);
    if (value === undefined || value.length === 0) throw new SecretMissingError(setting, name);
    return value;
  };
  return {
    apiToken: () => get('STEVEDORE_API_TOKEN_PARAMETER', config.apiTokenParameter),
    webhookSecret: () => get('STEVEDORE_WEBHOOK_SECRET_PARAMETER', config.webhookSecretParameter),
    imapPassword: () => get('IMAP_PASSWORD_PARAMETER', config.imapPasswordParameter),
    imapOauthClientSecret: () =>
      get('IMAP_OAUTH_CLIENT_SECRET_PARAMETER', config.imapOauthClientSecretParameter),
  };
};
