import { portCatalog } from '../src/domain/ports/port-catalog.ts';
import { REGIONS, TRADE_LANES } from '../src/domain/ports/journey-ports.ts';
import { seaLeg } from '../src/service/maps/sea-legs.ts';
import { longestLandRunKm } from './support/geo/land.ts';
const p = portCatalog();
const pairs = new Set<string>();
for (const lane of TRADE_LANES) {
  const calls = [...REGIONS[lane.from], ...lane.hubs, ...REGIONS[lane.to]];
  for (const a of calls) for (const b of calls) if (a < b) pairs.add(`${a}>${b}`);
}
const only = process.argv[2];
const bad: string[] = [];
for (const pair of pairs) {
  if (only && !pair.includes(only)) continue;
  const [a, b] = pair.split('>').map((c) => p.get(c!));
  const leg = seaLeg([a!.longitude, a!.latitude], [b!.longitude, b!.latitude]);
  const run = longestLandRunKm(leg.coordinates, 10, 60);
  if (run > 30) bad.push(`${pair}:${run}`);
}
console.log(bad.join('\n') || 'none');
