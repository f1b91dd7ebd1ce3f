/**
 * Failure reasons the same bytes meet again on every run of the same extractor, so a re-extraction cannot
 * change them: such a failure goes to `failed/` at once, with its reason. Everything else is worth another
 * run: `extractor_error` (a crash or a timeout of the extractor) and any reason this list does not know,
 * since the upstream may add reasons and one more bounded try is the safer mistake.
 */
export const PERMANENT_FAILURE_REASONS: ReadonlySet<string> = new Set([
  'empty_file',
  'unsupported_file_type',
  'encrypted',
  'unreadable',
  'no_text_layer',
  'file_too_large',
]);

export const isPermanentFailure = (reason: string): boolean => PERMANENT_FAILURE_REASONS.has(reason);
