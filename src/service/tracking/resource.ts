/** A JSON:API resource identifier and resource as the tracking endpoints build them. */
export interface Identifier {
  readonly id: string;
  readonly type: string;
}

export interface Resource extends Identifier {
  readonly attributes: Record<string, unknown>;
  readonly relationships?: Record<string, { data: Identifier | Identifier[] | null }>;
  readonly links?: Record<string, string>;
}

/** An epoch-milliseconds time as the API's ISO 8601 string; null stays null. */
export const iso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

/** A to-one relationship: the identifier, or null data when there is none. */
export const ref = (type: string, id: string | null): { data: Identifier | null } => ({
  data: id === null ? null : { id, type },
});
