import { AppError } from '../domain/errors.ts';
import { describeIssue } from './describe-issue.ts';
import { type Config, type ConfigOverrides, configSchema, type SettingName, settings } from './settings.ts';

export class ConfigError extends AppError {
  constructor(readonly problems: readonly string[]) {
    super(
      'invalid_config',
      `invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
}

/** Settings whose values must never appear in a message or a log. */
const SECRET_SETTINGS: ReadonlySet<string> = new Set<SettingName>([
  'apiToken',
  'imapPassword',
  'imapOauthClientSecret',
]);

const isSettingName = (name: string): name is SettingName => Object.hasOwn(settings, name);

/**
 * Reads the settings once: environment variables first, then explicit overrides (command-line
 * flags). Every problem is reported at once, named by the variable or flag the user can change.
 */
export const loadConfig = (
  env: Readonly<Record<string, string | undefined>> = process.env,
  overrides: ConfigOverrides = {},
): Config => {
  const input: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(settings)) {
    const value = env[setting.env];
    if (value !== undefined && value !== '') input[name] = value;
  }
  for (const [name, value] of Object.entries(overrides)) {
    if (value !== undefined) input[name] = value;
  }
  const parsed = configSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      const source = isSettingName(name)
        ? Object.hasOwn(overrides, name)
          ? `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
          : settings[name].env
        : name;
      return `${source}: ${describeIssue(issue, input[name], SECRET_SETTINGS.has(name))}`;
    }),
  );
};

/** Where the worker finds the service: SVC_API_BASE_URL, else the local service. */
export const serviceBaseUrl = (config: Config): string =>
  (config.apiBaseUrl ?? `http://${config.host}:${config.port}/v2`).replace(/\/+$/, '');

export const receiverUrl = (config: Config): string =>
  config.receiverPublicUrl ?? `http://${config.host}:${config.receiverPort}/webhooks`;
