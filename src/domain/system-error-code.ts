/** The `code` of a Node.js system error (`ENOENT`, `EEXIST`…); undefined for anything else. */
export const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
