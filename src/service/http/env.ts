/** What the authentication middleware puts on every authenticated request. */
export interface Account {
  readonly id: string;
  readonly name: string;
}

export interface ServiceEnv {
  Variables: {
    account: Account;
  };
}
