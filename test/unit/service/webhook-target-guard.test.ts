import { describe, expect, it } from 'vitest';
import { privateTargetReason } from '../../../src/service/webhooks/target-guard.ts';
import { capitaliseHeaderName, findHeaderProblem } from '../../../src/service/webhooks/webhook-headers.ts';

describe('privateTargetReason', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.8.9.10:3000/x',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://localhost:8080/',
    'http://api.localhost/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:10.0.0.1]/',
  ])('flags %s', (url) => {
    expect(privateTargetReason(url)).toBeDefined();
  });

  it.each(['https://hooks.example.com/x', 'http://93.184.215.14/', 'http://[2606:4700::1111]/', 'not a url'])(
    'lets %s through (the connect-time guard decides for names)',
    (url) => {
      expect(privateTargetReason(url)).toBeUndefined();
    },
  );
});

describe('custom headers', () => {
  it('capitalises names as the upstream does', () => {
    expect(capitaliseHeaderName('x-api-KEY')).toBe('X-Api-Key');
    expect(capitaliseHeaderName('authorization')).toBe('Authorization');
  });

  it('refuses reserved, duplicate or malformed headers', () => {
    expect(findHeaderProblem([{ name: 'Authorization', value: 'Bearer t' }])).toBeUndefined();
    expect(findHeaderProblem([{ name: 'Content-Type', value: 'text/plain' }])).toMatchObject({ index: 0 });
    expect(findHeaderProblem([{ name: 'Webhook-Id', value: 'x' }])).toMatchObject({ member: 'name' });
    expect(findHeaderProblem([{ name: 'Proxy-Authorization', value: 'x' }])).toMatchObject({
      member: 'name',
    });
    expect(
      findHeaderProblem([
        { name: 'X-A', value: '1' },
        { name: 'x-a', value: '2' },
      ]),
    ).toMatchObject({ index: 1, member: 'name' });
    expect(findHeaderProblem([{ name: 'X A', value: '1' }])).toMatchObject({ member: 'name' });
    expect(findHeaderProblem([{ name: 'X-A', value: 'a\nb' }])).toMatchObject({ member: 'value' });
  });
});
