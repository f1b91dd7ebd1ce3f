import { describe, expect, it } from 'vitest';
import { blockedAddressReason } from '../../../src/service/webhooks/blocked-address.ts';
import { PrivateOrigins, privateTargetReason } from '../../../src/service/webhooks/target-guard.ts';
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
    'http://198.18.0.1/',
    'http://localhost:8080/',
    'http://api.localhost/',
    'http://localhost.:8080/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[fec0::1]/',
    'http://[ff02::1]/',
    'http://[2001:db8::1]/',
    'http://[100::1]/',
    // The probe's finding: IPv4-compatible addresses (::/96) passed both checks.
    'http://[::127.0.0.1]/',
    'http://[::a9fe:a9fe]/',
    'http://[::8.8.8.8]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::ffff:0:7f00:1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b:1::808:808]/',
    'http://[2002:7f00:1::]/',
    'http://[2002:a9fe:a9fe::1]/',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://[2001::1]/',
  ])('flags %s', (url) => {
    expect(privateTargetReason(url)).toBeDefined();
  });

  it.each([
    'https://hooks.example.com/x',
    'http://93.184.215.14/',
    'http://[2606:4700::1111]/',
    // Embedded public IPv4 addresses are judged by that address.
    'http://[::ffff:93.184.215.14]/',
    'http://[64:ff9b::93.184.215.14]/',
    'http://[2002:5db8:d70e::1]/',
    'not a url',
  ])('lets %s through (the connect-time guard decides for names)', (url) => {
    expect(privateTargetReason(url)).toBeUndefined();
  });

  it('names the embedded IPv4 address it judged', () => {
    expect(privateTargetReason('http://[2002:a9fe:a9fe::1]/')).toMatch(/6to4 address of 169\.254\.169\.254/);
    expect(privateTargetReason('http://[::ffff:a9fe:a9fe]/')).toMatch(/IPv4-mapped address of 169\.254/);
  });

  it('lets exactly the allowed private origins through, and every target in allow-all mode', () => {
    const origins = new PrivateOrigins();
    origins.add('http://127.0.0.1:4011/webhooks');
    const policy = { allowPrivate: false, origins };
    expect(privateTargetReason('http://127.0.0.1:4011/other', policy)).toBeUndefined();
    expect(privateTargetReason('http://127.0.0.1:4012/webhooks', policy)).toBeDefined();
    expect(privateTargetReason('https://127.0.0.1:4011/webhooks', policy)).toBeDefined();
    expect(privateTargetReason('http://localhost:4011/webhooks', policy)).toBeDefined();
    expect(privateTargetReason('http://[::7f00:1]:4011/', { allowPrivate: true })).toBeUndefined();
  });
});

describe('blockedAddressReason (the connect-time check of resolved addresses)', () => {
  it.each([
    '127.0.0.1',
    '::7f00:1',
    '::a9fe:a9fe',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:a00:1::',
    '2001:0:1:2:3:4:5:6',
    'fe80::1%eth0',
    'FD12::1',
  ])('refuses %s', (address) => {
    expect(blockedAddressReason(address)).toBeDefined();
  });

  it.each(['93.184.215.14', '2606:4700::1111', '::ffff:93.184.215.14', '64:ff9b::5db8:d70e', 'not-an-ip'])(
    'allows %s',
    (address) => {
      expect(blockedAddressReason(address)).toBeUndefined();
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
