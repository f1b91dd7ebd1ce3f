import { z } from 'zod';

/** One endpoint of the service: what it takes and what it answers, by the contract's own schemas. */
export interface Endpoint {
  readonly method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** OpenAPI form, `{id}` for a path parameter, relative to `/v2` unless `root`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly request?: z.ZodType;
  readonly response: z.ZodType;
  /** The success status; 200 unless said. */
  readonly status?: number;
  /** Served at the root, not under /v2. */
  readonly root?: boolean;
  /** Paid: 403 without the account feature. */
  readonly feature?: 'refresh' | 'routing';
  /** When the operation can answer 409: what conflicts. */
  readonly conflict?: string;
  /** A list paged by number whose default `page[size]` is not the usual 30. */
  readonly pageSize?: number;
}

/** A JSON object the catalogue does not describe further (plain-JSON replies with their own shapes). */
export const anyJson = z.record(z.string(), z.unknown());
