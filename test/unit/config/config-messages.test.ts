import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/load-config.ts';

const problemsOf = (env: Record<string, string>, overrides = {}): readonly string[] => {
  try {
    loadConfig(env, overrides);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('invalid settings are worded for the person who set them', () => {
  it('says what is expected and what was given, for each kind of setting', () => {
    expect(
      problemsOf({
        STEVEDORE_PORT: 'abc',
        STEVEDORE_CONCURRENCY: '0',
        STEVEDORE_ALLOW_PRIVATE_WEBHOOKS: 'maybe',
        STEVEDORE_LOG_LEVEL: 'loud',
        SVC_API_BASE_URL: 'notaurl',
      }),
    ).toEqual([
      'STEVEDORE_PORT: must be a whole number, got "abc"',
      'SVC_API_BASE_URL: must be a URL such as https://example.com/v2, got "notaurl"',
      'STEVEDORE_ALLOW_PRIVATE_WEBHOOKS: must be true or false (or 1 or 0), got "maybe"',
      'STEVEDORE_CONCURRENCY: must be more than 0, got "0"',
      'STEVEDORE_LOG_LEVEL: must be one of debug, info, warn, error, silent, got "loud"',
    ]);
  });

  it('names a flag by its flag, with the number given', () => {
    expect(problemsOf({}, { port: 99_999 })).toEqual(['--port: must be at most 65535, got 99999']);
  });

  it('never echoes the API key, even a wrong one', () => {
    const problems = problemsOf({ SVC_API_TOKEN: 'shh' });
    expect(problems).toEqual(['SVC_API_TOKEN: must be at least 8 characters']);
    expect(problems.join('\n')).not.toContain('shh');
  });
});
