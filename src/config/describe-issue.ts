import type { z } from 'zod';

/** zod's own wording starts like this; a message a setting's schema wrote itself is kept as it is. */
const ZOD_WORDING = /^(Invalid|Too small|Too big)/;

/** Long values are cut in messages: a setting is a port, a path or a URL, not a document. */
const MAX_SHOWN_CHARS = 80;

/**
 * Characters JSON.stringify leaves as they are but a terminal acts on: C1 controls (0x9b starts an escape
 * sequence on some terminals), bidi overrides and other format characters (a value shown reversed).
 */
const INVISIBLE = /[\u007f-\u009f\p{Cf}]/gu;

const shown = (value: unknown): string => {
  if (typeof value !== 'string') return String(value);
  const cut = value.length > MAX_SHOWN_CHARS ? `${value.slice(0, MAX_SHOWN_CHARS)}…` : value;
  return JSON.stringify(cut).replace(
    INVISIBLE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
};

const bound = (issue: { minimum?: unknown; maximum?: unknown; inclusive?: boolean }, small: boolean) => {
  const limit = Number(small ? issue.minimum : issue.maximum);
  if (issue.inclusive !== false) return small ? `at least ${limit}` : `at most ${limit}`;
  return small ? `more than ${limit}` : `less than ${limit}`;
};

/**
 * One problem of one setting, said for the person who set it: what is expected and what was given
 * (`must be a whole number, got "abc"`), instead of zod's developer wording.
 */
export function describeIssue(issue: z.core.$ZodIssue, value: unknown, secret = false): string {
  if (!ZOD_WORDING.test(issue.message)) return issue.message;
  // A secret is never echoed, not even a wrong one: it may be a real key pasted into the wrong variable.
  const given = secret ? 'got another value' : `got ${shown(value)}`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'number'
        ? `must be a whole number, ${given}`
        : `must be a ${issue.expected}, ${given}`;
    case 'too_small':
      return issue.origin === 'string'
        ? `must be ${bound(issue, true)} characters long, ${given}`
        : `must be ${bound(issue, true)}, ${given}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be ${bound(issue, false)} characters long, ${given}`
        : `must be ${bound(issue, false)}, ${given}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}, ${given}`;
    case 'invalid_format':
      return issue.format === 'url'
        ? `must be a URL such as https://example.com/v2, ${given}`
        : `is not in the expected format (${issue.format}), ${given}`;
    case 'invalid_union':
      // The flags are the one union among the settings: a boolean, or its spellings in a variable.
      return `must be true or false (or 1 or 0), ${given}`;
    default:
      return `${issue.message}, ${given}`;
  }
}
