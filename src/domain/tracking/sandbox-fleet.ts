import { portId } from '../ports/port-catalog.ts';
import { stableUuid } from '../stable-id.ts';
import { makeImo } from './imo.ts';
import { seededRandom } from './seeded-random.ts';

export interface Vessel {
  readonly id: string;
  readonly name: string;
  readonly imo: string;
  readonly mmsi: string;
  readonly flag: string;
}

export interface Terminal {
  readonly id: string;
  readonly name: string;
  readonly nickname: string;
  readonly firmsCode: string | null;
  readonly smdgCode: string;
  readonly portLocode: string;
  readonly portId: string;
}

// Invented names: the sandbox's vessels must not be mistaken for real ships' positions.
const VESSEL_NAMES = [
  'SANDBOX AURORA',
  'SANDBOX BOREAS',
  'SANDBOX CASSIOPEIA',
  'SANDBOX DORADO',
  'SANDBOX ERIDANUS',
  'SANDBOX FORNAX',
  'SANDBOX GEMINI',
  'SANDBOX HYDRA',
  'SANDBOX INDUS',
  'SANDBOX LYRA',
  'SANDBOX MENSA',
  'SANDBOX NORMA',
  'SANDBOX ORION',
  'SANDBOX PAVO',
  'SANDBOX RETICULUM',
  'SANDBOX SCULPTOR',
  'SANDBOX TUCANA',
  'SANDBOX VELA',
  'SANDBOX VOLANS',
  'SANDBOX CARINA',
];
const FLAGS = ['PA', 'LR', 'MH', 'SG', 'MT', 'HK'];

/** The sandbox fleet: each vessel with a valid IMO number derived from its name. */
export const VESSELS: readonly Vessel[] = VESSEL_NAMES.map((name) => {
  const random = seededRandom(`vessel:${name}`);
  // Container ships of this century have IMO numbers from 9,000,000 up.
  const imo = makeImo(900_000 + random.int(0, 99_999));
  return {
    id: stableUuid('vessel', imo),
    name,
    imo,
    mmsi: String(random.int(200_000_000, 799_999_999)),
    flag: random.pick(FLAGS),
  };
});

const vesselsById = new Map(VESSELS.map((vessel) => [vessel.id, vessel]));
export const findVessel = (id: string): Vessel | undefined => vesselsById.get(id.toLowerCase());

/** The container terminal of a port of discharge (one per port in the sandbox). */
export function terminalOf(locode: string, portName: string): Terminal {
  const random = seededRandom(`terminal:${locode}`);
  return {
    id: stableUuid('terminal', locode),
    name: `${portName} Sandbox Container Terminal`,
    nickname: `${locode.slice(2)} SCT`,
    // FIRMS codes exist only for US facilities.
    firmsCode: locode.startsWith('US') ? `Y${String(random.int(100, 999))}` : null,
    smdgCode: `${locode.slice(2)}SC`,
    portLocode: locode,
    portId: portId(locode),
  };
}
