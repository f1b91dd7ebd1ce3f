import { describe, expect, it } from 'vitest';
import { apiKeyFromHeader, MAX_API_KEY_LENGTH } from '../../../src/service/http/auth.ts';

const key = 'svc_Ab-9_xYz';

/** The finding: keys and tokens were parsed leniently; a header is a key exactly, or no key at all. */
describe('apiKeyFromHeader, strictly', () => {
  it.each([
    `Token ${key}`,
    `Bearer ${key}`,
    `TOKEN ${key}`,
    `Token token="${key}"`,
    'Token configured-token+/=',
  ])('reads the key of %j', (header) => {
    expect(apiKeyFromHeader(header)).toBe(header.includes(key) ? key : 'configured-token+/=');
  });

  it.each([
    ['trailing garbage', `Token ${key} extra`],
    ['a quote after the key', `Token ${key}"`],
    ['garbage after the quoted form', `Token token="${key}"x`],
    ['an unterminated quote', `Token token="${key}`],
    ['a comma-separated second key', `Token ${key},other`],
    ['a control character', `Token ${key}\u0001`],
    ['non-ASCII', `Token ${key}é`],
    ['a tab instead of a space', `Token\t${key}`],
    ['an empty quoted key', 'Token token=""'],
    ['no scheme', key],
    ['an overlong key', `Token ${'k'.repeat(MAX_API_KEY_LENGTH + 1)}`],
  ])('refuses %s', (_case, header) => {
    expect(apiKeyFromHeader(header)).toBeUndefined();
  });

  it('takes a key of the longest allowed length', () => {
    const longest = 'k'.repeat(MAX_API_KEY_LENGTH);
    expect(apiKeyFromHeader(`Token ${longest}`)).toBe(longest);
  });
});
