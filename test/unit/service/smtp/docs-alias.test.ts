import { describe, expect, it } from 'vitest';
import { docsAliasFor, parseDocsAlias } from '../../../../src/service/smtp/docs-alias.ts';

describe('docs alias', () => {
  const id = 'dc40ea07-f6ce-4c3b-af06-0df054e2b2b8';

  it('is docs+<account id>@<domain>, and reads back', () => {
    const alias = docsAliasFor(id, 'localhost');
    expect(alias).toBe(`docs+${id}@localhost`);
    expect(parseDocsAlias(alias, 'localhost')).toEqual({ kind: 'alias', token: id });
  });

  it('compares the domain and the docs+ prefix case-insensitively', () => {
    expect(parseDocsAlias(`Docs+${id.toUpperCase()}@LocalHost`, 'localhost')).toEqual({
      kind: 'alias',
      token: id,
    });
  });

  it('tells another domain (relay) from a local address that is no alias', () => {
    expect(parseDocsAlias(`docs+${id}@localhost.evil.example`, 'localhost')).toEqual({
      kind: 'foreign_domain',
    });
    expect(parseDocsAlias('postmaster@localhost', 'localhost')).toEqual({ kind: 'not_an_alias' });
    expect(parseDocsAlias('docs+@localhost', 'localhost')).toEqual({ kind: 'not_an_alias' });
    expect(parseDocsAlias('docs@localhost', 'localhost')).toEqual({ kind: 'not_an_alias' });
    expect(parseDocsAlias('no-at-sign', 'localhost')).toEqual({ kind: 'not_an_alias' });
  });
});
