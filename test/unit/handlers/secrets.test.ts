import { describe, expect, it } from 'vitest';
import { createSecrets, type SecretReader } from '../../../pipeline/handlers/secrets.ts';

const config = {
  apiTokenParameter: '/stevedore/api-token',
  webhookSecretParameter: '/stevedore/webhook-secret',
  secretsMaxAgeSeconds: 300,
};

/** A parameter store as far as the secrets read it: a map, and a log of the reads. */
const fakeStore = (values: Record<string, string>) => {
  const reads: string[] = [];
  const read: SecretReader = async (name, maxAgeSeconds) => {
    reads.push(`${name} ${maxAgeSeconds}`);
    return values[name];
  };
  return { read, reads };
};

describe('secrets', () => {
  it('reads each secret by its parameter name, with the cache age from the settings', async () => {
    const store = fakeStore({
      '/stevedore/api-token': 'tok_123456',
      '/stevedore/webhook-secret': 'whsec_abc',
    });
    const secrets = createSecrets({ read: store.read, config });
    expect(await secrets.apiToken()).toBe('tok_123456');
    expect(await secrets.webhookSecret()).toBe('whsec_abc');
    expect(store.reads).toEqual(['/stevedore/api-token 300', '/stevedore/webhook-secret 300']);
  });

  it('names the setting and the parameter of a missing secret, never a value', async () => {
    const store = fakeStore({ '/stevedore/api-token': '' });
    const secrets = createSecrets({ read: store.read, config });
    await expect(secrets.apiToken()).rejects.toThrow(
      'STEVEDORE_API_TOKEN_PARAMETER: parameter /stevedore/api-token is missing or empty',
    );
    const unset = createSecrets({
      read: store.read,
      config: { ...config, webhookSecretParameter: undefined },
    });
    await expect(unset.webhookSecret()).rejects.toMatchObject({ code: 'secret_missing', retryable: true });
  });
});
