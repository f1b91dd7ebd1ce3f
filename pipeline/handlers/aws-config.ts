import { ConfigError } from '../../src/config/load-config.ts';
import { type Config, settings } from '../../src/config/settings.ts';

/** The settings every deployed function needs, which the local run leaves unset. */
const REQUIRED_IN_AWS = [
  'bucket',
  'dropQueueUrl',
  'intakeQueueUrl',
  'eventsQueueUrl',
  'failuresQueueUrl',
  'apiTokenParameter',
  'webhookSecretParameter',
] as const;

type RequiredName = (typeof REQUIRED_IN_AWS)[number];
export type AwsConfig = Config & { readonly [K in RequiredName]-?: NonNullable<Config[K]> };

/**
 * Checks, at a function's cold start, that every AWS setting is there, and reports all the missing
 * ones at once by their variable names (the same `ConfigError` as an invalid value), so a deployment
 * missing two of them is fixed in one go.
 */
export const requireAwsConfig = (config: Config): AwsConfig => {
  const missing = REQUIRED_IN_AWS.filter((name) => config[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${settings[name].env}: required when deployed`));
  }
  // Every name of REQUIRED_IN_AWS was checked just above to hold a value.
  return config as AwsConfig;
};
