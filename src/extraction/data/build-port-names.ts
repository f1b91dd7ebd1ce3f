/**
 * Regenerates `port-names.ts` from the shared UN/LOCODE port table:
 *   npx tsx src/extraction/data/build-port-names.ts <ports.csv> <port-aliases.csv>
 * Kept: the ports on the maritime routing network (coord_source searoute-py) and a hand-picked list of
 * major container ports, each under its UN/LOCODE name and city, plus common exonyms (Anvers, Genua...).
 * Where carriers use a code UN/LOCODE now gives an airport (port-aliases.csv), the carriers' code wins.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const MAJOR =
  `AEJEA AEAUH AEKHL ARBUE AUMEL AUSYD AUBNE AUFRE BEANR BEZEE BRSSZ BRRIG BRPNG BRITJ BRSUA CAVAN CAMTR CAHAL
CLSAI CLVAP CNSHA CNNGB CNSZX CNYTN CNSHK CNTAO CNTXG CNXMN CNDLC CNCAN CNNSA CNLYG CNFOC COCTG COBUN DEHAM DEBRV DEBRE DKAAR
EGPSD EGALY EGSOK ESALG ESVLC ESBCN ESBIO ESVGO FIHEL FRLEH FRMRS FRFOS FRDKK FRNTE GBFXT GBSOU GBLGP GBLIV GBTIL GBIMM GRPIR
HKHKG IDJKT IDTPP IDSUB INNSA INMUN INMAA INCOK INPAV ILHFA ILASH ITGOA ITSPE ITLIV ITNAP ITGIT ITTRS ITVCE ITSAL JPTYO JPYOK
JPKOB JPOSA JPNGO KRPUS KRINC LKCMB MAPTM MATNG MXZLO MXMZT MXVER MYPKG MYTPP MYPEN NLRTM NLAMS NGLOS NGAPP NOOSL OMSLL
PAMIT PABLB PACTB PECLL PHMNL PKKHI PKBQM PLGDN PLGDY PTLIS PTSIN QAHMD SAJED SADMM SEGOT SGSIN THLCH THBKK TRMER TRAMB
TRIST TRIZM TWKHH TWKEL TWTXG USLAX USLGB USNYC USSAV USHOU USCHS USSEA USTIW USOAK USNFK USBAL USMIA USJAX USMOB USPEF USBOS
USPHL USNOL USILM USEWR USPNJ USSAN USHNL USNNS USNTD USBRO PRSJU UYMVD VNSGN VNVUT VNHPH ZADUR ZACPT ZAPLZ
ZAZBA KENBO TZDAR DJJIB
BDCGP MXLZC MXATM MXESE MXPGO ECGYE ECPBO CRLIO CRCAL GTSTC DOCAU TTPOS BRNVT BRPEC BRSSA BRVIX BRMAO BRSPB
INHZA INTUT INVTZ INCCU KHKOS IDSRG CNZJG CNRZH JPHKT JPMOJ KRKAN TWTPE AUADL NZAKL NZTRG NZLYT CIABJ DZALG
IQUQR KWSAA IRBND JOAQJ LBBEY PTLEI DEWVN EETLL FIKTK RULED HRRJK ROCND UAODS GRSKG MTMAR ESLPA`.split(/\s+/);

const EXONYMS: ReadonlyArray<[string, string]> = [
  ['ANTWERP', 'BEANR'],
  ['ANVERS', 'BEANR'],
  ['ANTWERPEN', 'BEANR'],
  ['AMBERES', 'BEANR'],
  ['ANVERSA', 'BEANR'],
  ['GENOA', 'ITGOA'],
  ['GENOVA', 'ITGOA'],
  ['GENES', 'ITGOA'],
  ['GENUA', 'ITGOA'],
  ['GENOVA', 'ITGOA'],
  ['LEGHORN', 'ITLIV'],
  ['VENICE', 'ITVCE'],
  ['VENEZIA', 'ITVCE'],
  ['NAPLES', 'ITNAP'],
  ['NAPOLI', 'ITNAP'],
  ['LA SPEZIA', 'ITSPE'],
  ['TRIESTE', 'ITTRS'],
  ['GIOIA TAURO', 'ITGIT'],
  ['HAMBOURG', 'DEHAM'],
  ['AMBURGO', 'DEHAM'],
  ['HAMBURGO', 'DEHAM'],
  ['MARSEILLES', 'FRMRS'],
  ['MARSIGLIA', 'FRMRS'],
  ['DUNKIRK', 'FRDKK'],
  ['DUNKERQUE', 'FRDKK'],
  ['FOS SUR MER', 'FRFOS'],
  ['FOS', 'FRFOS'],
  ['LE HAVRE', 'FRLEH'],
  ['ROTTERDAM', 'NLRTM'],
  ['AMSTERDAM', 'NLAMS'],
  ['GOTHENBURG', 'SEGOT'],
  ['GOTEBORG', 'SEGOT'],
  ['LISBON', 'PTLIS'],
  ['LISBONNE', 'PTLIS'],
  ['LISSABON', 'PTLIS'],
  ['LISBOA', 'PTLIS'],
  ['PIRAEUS', 'GRPIR'],
  ['PIREE', 'GRPIR'],
  ['PIREO', 'GRPIR'],
  ['PIRAUS', 'GRPIR'],
  ['VALENCIA', 'ESVLC'],
  ['VALENCE', 'ESVLC'],
  ['BARCELONA', 'ESBCN'],
  ['BARCELONE', 'ESBCN'],
  ['ALGECIRAS', 'ESALG'],
  ['BILBAO', 'ESBIO'],
  ['VIGO', 'ESVGO'],
  ['SHANGHAI', 'CNSHA'],
  ['NINGBO', 'CNNGB'],
  ['QINGDAO', 'CNTAO'],
  ['XIAMEN', 'CNXMN'],
  ['SHENZHEN', 'CNSZX'],
  ['YANTIAN', 'CNYTN'],
  ['SHEKOU', 'CNSHK'],
  ['TIANJIN', 'CNTXG'],
  ['XINGANG', 'CNTXG'],
  ['DALIAN', 'CNDLC'],
  ['GUANGZHOU', 'CNCAN'],
  ['NANSHA', 'CNNSA'],
  ['HONG KONG', 'HKHKG'],
  ['SINGAPORE', 'SGSIN'],
  ['SINGAPUR', 'SGSIN'],
  ['SINGAPOUR', 'SGSIN'],
  ['BUSAN', 'KRPUS'],
  ['PUSAN', 'KRPUS'],
  ['KAOHSIUNG', 'TWKHH'],
  ['PORT KLANG', 'MYPKG'],
  ['TANJUNG PELEPAS', 'MYTPP'],
  ['HO CHI MINH', 'VNSGN'],
  ['HO CHI MINH CITY', 'VNSGN'],
  ['SAIGON', 'VNSGN'],
  ['CAT LAI', 'VNSGN'],
  ['HAIPHONG', 'VNHPH'],
  ['LAEM CHABANG', 'THLCH'],
  ['NHAVA SHEVA', 'INNSA'],
  ['JAWAHARLAL NEHRU', 'INNSA'],
  ['MUNDRA', 'INMUN'],
  ['CHENNAI', 'INMAA'],
  ['COLOMBO', 'LKCMB'],
  ['JEBEL ALI', 'AEJEA'],
  ['DUBAI', 'AEJEA'],
  ['JEDDAH', 'SAJED'],
  ['SALALAH', 'OMSLL'],
  ['PORT SAID', 'EGPSD'],
  ['TANGER MED', 'MAPTM'],
  ['TANGIER MED', 'MAPTM'],
  ['NEW YORK', 'USNYC'],
  ['LOS ANGELES', 'USLAX'],
  ['LONG BEACH', 'USLGB'],
  ['SAVANNAH', 'USSAV'],
  ['HOUSTON', 'USHOU'],
  ['CHARLESTON', 'USCHS'],
  ['SEATTLE', 'USSEA'],
  ['TACOMA', 'USTIW'],
  ['OAKLAND', 'USOAK'],
  ['NORFOLK', 'USORF'],
  ['BALTIMORE', 'USBAL'],
  ['MIAMI', 'USMIA'],
  ['NEW ORLEANS', 'USMSY'],
  ['BOSTON', 'USBOS'],
  ['VANCOUVER', 'CAVAN'],
  ['MONTREAL', 'CAMTR'],
  ['SANTOS', 'BRSSZ'],
  ['BUENOS AIRES', 'ARBUE'],
  ['CALLAO', 'PECLL'],
  ['MANZANILLO', 'MXZLO'],
  ['CARTAGENA', 'COCTG'],
  ['DURBAN', 'ZADUR'],
  ['CAPE TOWN', 'ZACPT'],
  ['MOMBASA', 'KEMBA'],
  ['FELIXSTOWE', 'GBFXT'],
  ['SOUTHAMPTON', 'GBSOU'],
  ['LONDON GATEWAY', 'GBLGP'],
  ['TILBURY', 'GBTIL'],
  ['LIVERPOOL', 'GBLIV'],
  ['BREMERHAVEN', 'DEBRV'],
  ['BREMEN', 'DEBRE'],
  ['GDANSK', 'PLGDN'],
  ['GDANSK', 'PLGDN'],
  ['MELBOURNE', 'AUMEL'],
  ['SYDNEY', 'AUSYD'],
  ['TOKYO', 'JPTYO'],
  ['YOKOHAMA', 'JPYOK'],
  ['KOBE', 'JPUKB'],
  ['ISTANBUL', 'TRIST'],
  ['MERSIN', 'TRMER'],
  ['LE PIREE', 'GRPIR'],
  ['ZEEBRUGGE', 'BEZEE'],
  // Names in common use that differ from UN/LOCODE's (Chattogram, Kâmpóng Saôm, Al 'Aqabah...).
  ['CHITTAGONG', 'BDCGP'],
  ['SIHANOUKVILLE', 'KHKOS'],
  ['AQABA', 'JOAQJ'],
  ['ALGIERS', 'DZALG'],
  ['CALCUTTA', 'INCCU'],
  ['ODESSA', 'UAODS'],
  ['ST PETERSBURG', 'RULED'],
  ['LEIXOES', 'PTLEI'],
  ['LAS PALMAS', 'ESLPA'],
  ['SANTO TOMAS DE CASTILLA', 'GTSTC'],
  ['ITAGUAI', 'BRSPB'],
  ['PECEM', 'BRPEC'],
  ['HAZIRA', 'INHZA'],
  // Portuguese exonyms, as Brazilian and Portuguese paperwork prints them.
  ['XANGAI', 'CNSHA'],
  ['ANTUERPIA', 'BEANR'],
  ['ROTERDA', 'NLRTM'],
  ['ROTERDAO', 'NLRTM'],
  ['NOVA IORQUE', 'USNYC'],
  ['CINGAPURA', 'SGSIN'],
  ['PIREU', 'GRPIR'],
  ['MARSELHA', 'FRMRS'],
  ['CIDADE DO CABO', 'ZACPT'],
  // Jakarta's container port; UN/LOCODE's IDTPP is not in the shared table and carriers print IDJKT.
  ['JAKARTA', 'IDJKT'],
  ['TANJUNG PRIOK', 'IDJKT'],
];

function key(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const [portsPath, aliasesPath] = process.argv.slice(2);
if (portsPath === undefined || aliasesPath === undefined)
  throw new Error('usage: build-port-names <ports.csv> <aliases.csv>');
const carrierCode = new Map<string, string>();
for (const line of readFileSync(aliasesPath, 'utf8').split('\n').slice(1)) {
  const [alias, locode] = parseCsvLine(line);
  if (alias && locode) carrierCode.set(locode, alias);
}
const major = new Set(MAJOR.filter((c) => c.length === 5));
for (const [, code] of EXONYMS) major.add(code);
const names = new Map<string, Set<string>>();
const add = (name: string, code: string): void => {
  const k = key(name);
  if (k.length < 3) return;
  const set = names.get(k) ?? new Set<string>();
  set.add(code);
  names.set(k, set);
};
const known = new Set<string>();
for (const line of readFileSync(portsPath, 'utf8').split('\n').slice(1)) {
  const cols = parseCsvLine(line);
  const [locode = '', name = '', city = ''] = cols;
  if (locode.length !== 5) continue;
  known.add(locode);
  const wanted = major.has(locode) || major.has(carrierCode.get(locode) ?? '') || cols[9] === 'searoute-py';
  if (!wanted) continue;
  const code = carrierCode.get(locode) ?? locode;
  add(name, code);
  if (city.length > 0) add(city, code);
}
for (const [name, code] of EXONYMS) add(name, code);
const rows = [...names.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, codes]) => `${name}=${[...codes].sort().join(',')}`);
const out = `// Generated by build-port-names.ts from the shared UN/LOCODE port table; see README "Extraction policy"
// for sources and licences (UN/LOCODE: UNECE; geoapify/un-locode: MIT; searoute-py: Apache-2.0).
// One entry per line: NORMALIZED NAME=LOCODE[,LOCODE...] (several codes: the name alone is ambiguous).
export const PORT_NAMES = \`
${rows.join('\n')}
\`;
`;
writeFileSync(new URL('./port-names.ts', import.meta.url), out);
console.log(`${rows.length} names; ${[...major].filter((c) => !known.has(c)).join(' ')} not in ports.csv`);
