/**
 * Whether an account's custom field `validation.pattern` is safe to run on the service's one thread. The
 * regular expression engine backtracks: a repeated group that itself repeats or branches (`(a+)+`,
 * `(a|a)*`) takes exponential time on a short value that almost matches, and a backreference cannot be
 * bounded at all, so one value checked against such a pattern would stall every other request.
 */

/** Long enough for any format a reference or code follows; a longer pattern is a program, not a format. */
export const MAX_PATTERN_LENGTH = 200;
/** The longest value a pattern is run on: what an unbounded quantifier's choices are counted against. */
export const MAX_PATTERN_SUBJECT_LENGTH = 255;
/**
 * The ways a pattern may split a value among its parts: the product, over every quantifier and branch, of
 * how many counts it can take (`*` as many as a value has characters, `?` two, `{2,5}` four, `{4}` one).
 * Two `*` (or `+`) reach it; a third took a second on a 255-character value that almost matched.
 */
export const MAX_PATTERN_CHOICES = (MAX_PATTERN_SUBJECT_LENGTH + 1) ** 2 * 2;

const GROUP_PREFIX = /^\(\?(:|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/;

interface Group {
  /** Any quantifier or an alternation inside the group (nested groups included). */
  ambiguous: boolean;
}

/** Why the pattern is refused, or undefined when it may be used. */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return `Pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  }
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'Pattern is not a valid regular expression';
  }
  const stack: Group[] = [{ ambiguous: false }];
  let choices = 1;
  let inClass = false;
  let lastClosed: Group | undefined;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    const closed = lastClosed;
    lastClosed = undefined;
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || next === 'k')) return 'Pattern must not use backreferences';
      index += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    const quantifier = quantifierAt(pattern, index);
    if (quantifier !== undefined) {
      choices *= quantifier.choices;
      if (quantifier.repeats && closed?.ambiguous === true) {
        return 'Pattern must not repeat a group that itself repeats or branches, such as (a+)+, (a?){9} or (a|b)*';
      }
      // Even an optional part makes a repeated group ambiguous: `(a?){30}a{30}` backtracks 2^30 ways.
      for (const group of stack) group.ambiguous = true;
      index += quantifier.length - 1;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') {
      stack.push({ ambiguous: false });
      // `(?:`, lookarounds and named groups: their `?` is no quantifier.
      index += GROUP_PREFIX.exec(pattern.slice(index))?.[0].length ?? 1;
      index -= 1;
    } else if (char === '|') for (const group of stack) group.ambiguous = true;
    else if (char === ')' && stack.length > 1) lastClosed = stack.pop();
  }
  if (choices > MAX_PATTERN_CHOICES) {
    return 'Pattern may match a value in too many ways: use at most two of *, + and {n,}, and fixed counts ({4}) elsewhere';
  }
  return undefined;
}

/** The quantifier starting at `index`, if any: its length, whether it repeats, and how many counts it can take. */
function quantifierAt(
  pattern: string,
  index: number,
): { length: number; repeats: boolean; choices: number } | undefined {
  const char = pattern[index];
  const lazy = (length: number) => (pattern[index + length] === '?' ? length + 1 : length);
  const anyLength = MAX_PATTERN_SUBJECT_LENGTH + 1;
  if (char === '*' || char === '+') return { length: lazy(1), repeats: true, choices: anyLength };
  if (char === '?') return { length: lazy(1), repeats: false, choices: 2 };
  if (char !== '{') return undefined;
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
  if (braces === null) return undefined;
  const [text, low = '0', comma, high] = braces;
  const unbounded = comma !== undefined && (high === undefined || high === '');
  const most = comma === undefined ? Number(low) : Number(high);
  const repeats = unbounded || most > 1;
  const choices = unbounded ? anyLength : Math.min(anyLength, most - Number(low) + 1);
  return { length: lazy(text.length), repeats, choices: Math.max(1, choices) };
}
