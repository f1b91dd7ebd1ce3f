import { describe, expect, it } from 'vitest';
import { apiKeyFromHeader } from '../../../src/service/http/auth.ts';
import { pathPattern } from '../../../src/service/http/method-not-allowed.ts';
import { contentDisposition } from '../../../src/service/uploads/content-disposition.ts';

describe('apiKeyFromHeader', () => {
  it.each([
    ['Token abc', 'abc'],
    ['token abc', 'abc'],
    ['Bearer abc', 'abc'],
    ['Token token="abc"', 'abc'],
    ['  Token   abc  ', 'abc'],
    ['Token', undefined],
    ['Basic abc', undefined],
    ['Token a b', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, key) => {
    expect(apiKeyFromHeader(header)).toBe(key);
  });
});

describe('pathPattern', () => {
  it('matches parameters, optional parameters and wildcards by segment', () => {
    expect(pathPattern('/v2/documents/:id').test('/v2/documents/abc')).toBe(true);
    expect(pathPattern('/v2/documents/:id').test('/v2/documents/abc/download_url')).toBe(false);
    expect(pathPattern('/v2/documents/:id').test('/v2/documents/')).toBe(false);
    expect(pathPattern('/blobs/:token/:filename?').test('/blobs/t')).toBe(true);
    expect(pathPattern('/blobs/:token/:filename?').test('/blobs/t/a.pdf')).toBe(true);
    expect(pathPattern('/v2/*').test('/v2/anything/at/all')).toBe(true);
    expect(pathPattern('/a.b').test('/aXb')).toBe(false);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('plain.pdf')).toBe(`inline; filename="plain.pdf"; filename*=UTF-8''plain.pdf`);
    expect(contentDisposition("Zoë's (1).pdf", 'attachment')).toBe(
      `attachment; filename="Zo?'s (1).pdf"; filename*=UTF-8''Zo%C3%AB%27s%20%281%29.pdf`,
    );
  });
});
