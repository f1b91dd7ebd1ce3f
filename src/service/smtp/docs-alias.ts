/**
 * The docs alias of an account: `docs+<account id>@<domain>`. The account id is the token because it is
 * already unique, never changes when an account is renamed, and is what the API shows as the account's id;
 * a slug of the name would have to be kept unique and would break addresses on a rename.
 */

const ALIAS_LOCAL_PART = /^docs\+([^@\s]+)$/i;

export function docsAliasFor(accountId: string, domain: string): string {
  return `docs+${accountId}@${domain}`;
}

export type AliasLookup =
  | { readonly kind: 'alias'; readonly token: string }
  /** Another domain: relaying is refused. */
  | { readonly kind: 'foreign_domain' }
  /** Our domain, but not a docs+ address. */
  | { readonly kind: 'not_an_alias' };

/** What a recipient address names, with the domain compared case-insensitively. */
export function parseDocsAlias(address: string, domain: string): AliasLookup {
  const at = address.lastIndexOf('@');
  if (at <= 0) return { kind: 'not_an_alias' };
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return { kind: 'foreign_domain' };
  const match = ALIAS_LOCAL_PART.exec(address.slice(0, at));
  return match?.[1] === undefined
    ? { kind: 'not_an_alias' }
    : { kind: 'alias', token: match[1].toLowerCase() };
}
