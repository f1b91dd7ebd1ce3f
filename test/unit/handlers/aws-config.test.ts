import { describe, expect, it } from 'vitest';
import { requireAwsConfig } from '../../../pipeline/handlers/aws-config.ts';
import { clientForSecret } from '../../../pipeline/handlers/handler-kit.ts';
import { loadConfig } from '../../../src/config/load-config.ts';

describe('the deployed functions configuration', () => {
  it('lists every missing AWS setting at once, by its variable', () => {
    const config = loadConfig({
      STEVEDORE_BUCKET: 'stevedore-docs',
      STEVEDORE_INTAKE_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/stevedore-intake',
    });
    expect(() => requireAwsConfig(config)).toThrow(
      /STEVEDORE_EVENTS_QUEUE_URL: required when deployed\n.*STEVEDORE_FAILURES_QUEUE_URL.*\n.*STEVEDORE_API_TOKEN_PARAMETER.*\n.*STEVEDORE_WEBHOOK_SECRET_PARAMETER/,
    );
  });

  it('refuses a secret value where a parameter name belongs', () => {
    expect(() => loadConfig({ STEVEDORE_API_TOKEN_PARAMETER: 'tok 1234 secret!' })).toThrow(
      /STEVEDORE_API_TOKEN_PARAMETER: must be an SSM parameter name/,
    );
  });

  it('rebuilds the service client only when the secret rotates', async () => {
    let secret = 'tok_1';
    const built: string[] = [];
    const client = clientForSecret(
      async () => secret,
      (token) => {
        built.push(token);
        return { token };
      },
    );
    expect(await client()).toBe(await client());
    secret = 'tok_2';
    expect(await client()).toEqual({ token: 'tok_2' });
    expect(built).toEqual(['tok_1', 'tok_2']);
  });
});
