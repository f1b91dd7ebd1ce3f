/** What the authentication middleware puts on every authenticated request. */
export interface Account {
  readonly id: string;
  readonly name: string;
}

export interface ServiceEnv {
  Variables: {
    account: Account;
    /** SHA-256 of the key the request came with: rate limits count per key, not per account. */
    apiKeyHash: string;
  };
}
