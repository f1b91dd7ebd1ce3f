import { readFileSync } from 'node:fs';
import { stableUuid } from '../stable-id.ts';

/** A UN/LOCODE port location. Coordinates in degrees (WGS84); `timeZone` is an IANA zone name. */
export interface Port {
  readonly id: string;
  readonly locode: string;
  readonly name: string;
  readonly city: string;
  readonly stateAbbr: string | null;
  readonly countryCode: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly timeZone: string;
}

/** The sandbox's ids of ports: stable across runs, derived from the code. */
export const portId = (locode: string): string => stableUuid('port', locode);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every port of the data file, found by UN/LOCODE (case-insensitive, carriers' aliases too) or by id. */
export class PortCatalog {
  private readonly byCode = new Map<string, Port>();
  private readonly byId = new Map<string, Port>();

  constructor(ports: readonly Port[], aliases: ReadonlyMap<string, string> = new Map()) {
    for (const port of ports) {
      this.byCode.set(port.locode, port);
      this.byId.set(port.id, port);
    }
    for (const [alias, locode] of aliases) {
      const port = this.byCode.get(locode);
      if (port !== undefined && !this.byCode.has(alias)) this.byCode.set(alias, port);
    }
  }

  /** A port by UN/LOCODE or by id; undefined when neither names one. */
  find(idOrCode: string): Port | undefined {
    if (UUID.test(idOrCode)) return this.byId.get(idOrCode.toLowerCase());
    return this.byCode.get(idOrCode.trim().toUpperCase());
  }

  /** A port the caller knows is in the data (the journeys' curated codes); throws when it is not. */
  get(locode: string): Port {
    const port = this.find(locode);
    if (port === undefined) throw new RangeError(`port ${locode} is not in the port data`);
    return port;
  }

  get size(): number {
    return this.byId.size;
  }
}

const rowsOf = (text: string): string[][] =>
  text
    .split('\n')
    .slice(1)
    .filter((line) => line.length > 0)
    .map((line) => line.split('\t'));

/** Parses the tab-separated data files (see SOURCES.md for their columns and origins). */
export function parsePortData(portsText: string, aliasesText: string): PortCatalog {
  const ports = rowsOf(portsText).map(
    ([locode = '', name = '', city = '', subdivision = '', country = '', lat = '', lon = '', zone = '']) => ({
      id: portId(locode),
      locode,
      name,
      city,
      stateAbbr: subdivision === '' ? null : subdivision,
      countryCode: country,
      latitude: Number(lat),
      longitude: Number(lon),
      timeZone: zone,
    }),
  );
  const aliases = new Map(rowsOf(aliasesText).map(([alias = '', locode = '']) => [alias, locode] as const));
  return new PortCatalog(ports, aliases);
}

let loaded: PortCatalog | undefined;

/** The catalogue of the data files next to this module, read once (about 13,000 ports, 0.8 MB). */
export function portCatalog(): PortCatalog {
  loaded ??= parsePortData(
    readFileSync(new URL('./ports.tsv', import.meta.url), 'utf8'),
    readFileSync(new URL('./port-aliases.tsv', import.meta.url), 'utf8'),
  );
  return loaded;
}
