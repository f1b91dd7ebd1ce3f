import type { Context } from 'hono';
import { filterValues, type Predicate } from './filter-expressions.ts';
import type { RowFacts } from './list-query.ts';

/**
 * The container list filters the upstream SDK's generated list-filter module adds to the reference's:
 * `hold_names` and the ETA-change selectors.
 */

const activeHoldNames = ({ resource }: RowFacts): string[] => {
  const holds = resource.attributes.holds_at_pod_terminal;
  if (!Array.isArray(holds)) return [];
  return holds.flatMap((hold: unknown) =>
    hold !== null &&
    typeof hold === 'object' &&
    'status' in hold &&
    hold.status === 'hold' &&
    'name' in hold &&
    typeof hold.name === 'string'
      ? [hold.name.toLowerCase()]
      : [],
  );
};

export function readContainerSelectors(c: Context): Predicate<RowFacts>[] {
  const filters: Predicate<RowFacts>[] = [];
  const holdNames = filterValues(c, 'hold_names');
  if (holdNames !== undefined) {
    // Active holds (status `hold`; pending ones do not match) by name, case-insensitive; any name listed.
    const wanted = holdNames.flatMap((value) => value.split(',')).map((name) => name.trim().toLowerCase());
    filters.push((facts) => activeHoldNames(facts).some((name) => wanted.includes(name)));
  }
  // Selectors of containers whose ETA changed lately (true and false alike, as upstream): a sandbox
  // journey's ETA is fixed when it is planned and never moves, so no container is selected.
  for (const name of ['eta_changed_in_last_24h', 'eta_changed_in_past_3_days']) {
    if (filterValues(c, name) !== undefined) filters.push(() => false);
  }
  return filters;
}
