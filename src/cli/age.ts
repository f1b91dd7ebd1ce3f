const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago, in the largest unit that fits: `45 s`, `12 min`, `3 h`, `2 d`. */
export const formatAge = (ms: number): string => {
  const age = Math.max(0, ms);
  if (age < MINUTE) return `${Math.floor(age / SECOND)} s`;
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h`;
  return `${Math.floor(age / DAY)} d`;
};
