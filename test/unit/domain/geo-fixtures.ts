import type { LonLat } from '../../../src/domain/geo/geodesy.ts';
import type { RouteMapPort } from '../../../src/domain/geo/route-map-input.ts';

type PortTime = 'inboundEtaAt' | 'inboundAtaAt' | 'outboundEtdAt' | 'outboundAtdAt';

/** Port coordinates as the shipped ports data gives them (UN/LOCODE, city level). */
export const PORTS: Readonly<Record<string, LonLat>> = {
  NLRTM: [4.5, 51.91667],
  CNSHA: [121.48333, 31.23333],
  USLAX: [-118.25, 34.05],
  SGSIN: [103.85, 1.28333],
  DEHAM: [9.93333, 53.51667],
  USNYC: [-74, 40.7],
  KRPUS: [129.05, 35.13333],
  AUSYD: [151.2, -33.85],
  BRSSZ: [-46.31667, -23.93333],
  USSAV: [-81.09974, 32.08658],
};

const PORT_DETAILS: Readonly<Record<string, Omit<RouteMapPort, 'coordinates' | 'id' | 'locode' | PortTime>>> =
  {
    NLRTM: {
      name: 'Rotterdam',
      stateAbbr: 'ZH',
      state: null,
      countryCode: 'NL',
      country: 'Netherlands',
      timeZone: 'Europe/Amsterdam',
    },
    SGSIN: {
      name: 'Singapore',
      stateAbbr: null,
      state: null,
      countryCode: 'SG',
      country: 'Singapore',
      timeZone: 'Asia/Singapore',
    },
    CNSHA: {
      name: 'Shanghai',
      stateAbbr: 'SH',
      state: null,
      countryCode: 'CN',
      country: 'China',
      timeZone: 'Asia/Shanghai',
    },
    USLAX: {
      name: 'Los Angeles',
      stateAbbr: 'CA',
      state: 'California',
      countryCode: 'US',
      country: 'United States',
      timeZone: 'America/Los_Angeles',
    },
  };

export const port = (locode: string, times: Partial<Pick<RouteMapPort, PortTime>> = {}): RouteMapPort => {
  const details = PORT_DETAILS[locode];
  const coordinates = PORTS[locode];
  if (details === undefined || coordinates === undefined) throw new Error(`no fixture for ${locode}`);
  return {
    id: `port-${locode}`,
    locode,
    coordinates,
    ...details,
    inboundEtaAt: null,
    inboundAtaAt: null,
    outboundEtdAt: null,
    outboundAtdAt: null,
    ...times,
  };
};
