/**
 * Major container ports the sandbox carrier sails between, by UN/LOCODE, grouped by region, and the
 * trade lanes joining the regions. A lane's hubs are in sailing order, so any subset of them, kept in
 * order, is a plausible series of transshipments.
 */
export const REGIONS = {
  eastAsia: ['CNSHA', 'CNNGB', 'CNYTN', 'CNSHK', 'CNTAO', 'HKHKG', 'TWKHH', 'VNCLI', 'JPTYO', 'THLCH'],
  northAmericaWest: ['USLAX', 'USLGB', 'USOAK', 'USSEA', 'CAVAN'],
  northAmericaEast: ['USNYC', 'USSAV', 'USCHS', 'USHOU', 'USORF'],
  northEurope: ['NLRTM', 'BEANR', 'DEHAM', 'GBFXT', 'FRLEH'],
  mediterranean: ['ESVLC', 'ITGOA', 'GRPIR'],
  middleEast: ['AEJEA', 'OMSLL', 'INNSA'],
} as const satisfies Record<string, readonly string[]>;

export type Region = keyof typeof REGIONS;

export interface TradeLane {
  readonly from: Region;
  readonly to: Region;
  readonly hubs: readonly string[];
  /** How often the lane is drawn, relative to the others (roughly its share of world trade). */
  readonly weight: number;
}

export const TRADE_LANES: readonly TradeLane[] = [
  { from: 'eastAsia', to: 'northAmericaWest', hubs: ['KRPUS'], weight: 4 },
  { from: 'eastAsia', to: 'northAmericaEast', hubs: ['KRPUS', 'PABLB', 'PAMIT'], weight: 3 },
  { from: 'eastAsia', to: 'northEurope', hubs: ['SGSIN', 'LKCMB', 'EGPSD', 'ESALG'], weight: 4 },
  { from: 'eastAsia', to: 'mediterranean', hubs: ['SGSIN', 'LKCMB', 'EGPSD'], weight: 2 },
  { from: 'eastAsia', to: 'middleEast', hubs: ['SGSIN', 'MYTPP', 'LKCMB'], weight: 1 },
  { from: 'northEurope', to: 'eastAsia', hubs: ['ESALG', 'EGPSD', 'LKCMB', 'SGSIN'], weight: 1 },
  { from: 'northEurope', to: 'northAmericaEast', hubs: [], weight: 2 },
  { from: 'mediterranean', to: 'northAmericaEast', hubs: ['ESALG'], weight: 1 },
];

/** Every code the journeys use, for a check that each is in the port data. */
export const JOURNEY_PORT_CODES: readonly string[] = [
  ...new Set([...Object.values(REGIONS).flat(), ...TRADE_LANES.flatMap((lane) => lane.hubs)]),
];
