import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import { pairs, spacedContainer, stacked, table } from './heldout2-draw.ts';
import { dashedContainer, unicodePairs } from './heldout6-draw.ts';

/**
 * Bills of lading of the sixth held-out set: a French `Connaissement` released by express release, a
 * German `Seefrachtbrief` with container numbers split by spaces, an NVOCC house bill that names the
 * master bill on the same page, a sea waybill with Chinese and English labels side by side, a landscape
 * bill whose page is stored sideways and turned upright by `/Rotate`, a Dutch `Cognossement` with
 * dates written `24NOV26`.
 */

const cmaHavre = cargo('CMAU', [582_117, 582_460], { size: '40HC', seal: 'F' });
const hapagHamburg = cargo('HLXU', [871_203, 871_655, 872_018], { size: '40HC', seal: 'HL' });
const houseShenzhen = cargo('TCNU', [306_442], { size: '40HC', seal: 'YM' });
const qingdaoRotterdam = cargo('CSLU', [624_180, 624_533], { size: '40HC', seal: 'QD' });
const landscapeSavannah = cargo('MSKU', [901_276, 901_648, 902_013], { size: '40DV', seal: 'ML' });
const dutchRotterdam = cargo('TGHU', [455_801], { size: '20DV', seal: 'NL' });

const CLAUSE_FR =
  "REÇU par le transporteur en apparent bon état et conditionnement, sauf mention contraire, les marchandises ci-dessous désignées, pour être transportées jusqu'au port de déchargement, aux conditions figurant au verso.";
const CLAUSE_EN =
  'RECEIVED by the Carrier the Goods as specified above in apparent good order and condition unless otherwise stated, to be transported to such place as agreed, subject to the terms hereof.';

export const HELDOUT6_BILLS: readonly HeldoutDocument[] = [
  {
    name: 'connaissement-french-express-release-le-havre-montreal',
    type: 'bill_of_lading',
    language: 'fr',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('CMA CGM', 40, 24, { size: 18, bold: true });
      canvas.text('4, quai d’Arenc - 13002 Marseille - France', 40, 46, { size: 7 });
      canvas.text('CONNAISSEMENT', 555, 26, { size: 14, bold: true, align: 'right' });
      canvas.text('Non négociable sauf si « à ordre »', 555, 44, { size: 7, align: 'right' });
      canvas.field(40, 64, 260, 44, 'Chargeur', [
        'NORMANDIE CIDRES ET SPIRITUEUX SAS',
        '14 RUE DU PORT, 76600 LE HAVRE',
      ]);
      canvas.field(40, 112, 260, 44, 'Destinataire', [
        'VINS FINS DU QUÉBEC INC.',
        '455 RUE SAINT-PAUL, MONTRÉAL QC',
      ]);
      canvas.field(40, 160, 260, 36, 'Adresse de notification', ['TRANSITAIRE BOREAL LTÉE']);
      canvas.field(305, 64, 250, 28, 'N° de connaissement', ['CMDUFRLH2611874']);
      canvas.field(305, 96, 250, 28, 'N° de réservation', ['FRLH2611874']);
      canvas.field(40, 200, 170, 28, 'Navire', ['CMA CGM LOIRE']);
      canvas.field(215, 200, 85, 28, 'Voyage', ['0MGA5W1']);
      canvas.field(305, 200, 125, 28, 'Port de chargement', ['LE HAVRE']);
      canvas.field(435, 200, 120, 28, 'Port de déchargement', ['MONTRÉAL']);
      const bottom = table(
        canvas,
        244,
        [
          { head: 'Conteneur', x: 42 },
          { head: 'Plomb', x: 140 },
          { head: 'Type', x: 210 },
          { head: 'Colis', x: 260 },
          { head: 'Désignation', x: 320 },
          { head: 'Poids brut (kg)', x: 553, align: 'right' },
        ],
        cmaHavre.map((c) => [
          c.container,
          c.seal,
          c.size,
          '1 120 CARTONS',
          'CIDRE EN BOUTEILLES',
          c.weight.replace(',', ' ').replace('.', ','),
        ]),
        { left: 40, right: 555 },
      );
      canvas.text('EXPRESS RELEASE', 300, bottom + 10, { size: 16, bold: true, align: 'center' });
      canvas.text('Aucun original émis - livraison sans présentation du connaissement', 300, bottom + 30, {
        size: 7,
        align: 'center',
      });
      canvas.paragraph(CLAUSE_FR, 40, bottom + 50, 515, 6);
      pairs(canvas, 330, 440, bottom + 90, [
        ['Lieu et date d’émission', 'LE HAVRE, 24/11/2026'],
        ['Fret', 'PAYABLE À DESTINATION'],
      ]);
    },
    fields: {
      bill_of_lading_number: 'CMDUFRLH2611874',
      shipper: 'NORMANDIE CIDRES ET SPIRITUEUX SAS',
      consignee: 'VINS FINS DU QUÉBEC INC.',
      notify_party: 'TRANSITAIRE BOREAL LTÉE',
      vessel_name: 'CMA CGM LOIRE',
      voyage_number: '0MGA5W1',
      port_of_loading: port('Le Havre', 'FRLEH'),
      port_of_discharge: port('Montréal', 'CAMTR'),
      container_numbers: containersOf(cmaHavre),
      seal_numbers: sealsOf(cmaHavre),
      scac: 'CMDU',
    },
  },
  {
    name: 'seefrachtbrief-german-spaced-container-numbers-hamburg-new-york',
    type: 'bill_of_lading',
    language: 'de',
    face: 'times',
    draw: (canvas) => {
      canvas.text('Hapag-Lloyd AG', 40, 24, { size: 15, bold: true });
      canvas.text('Ballindamm 25, 20095 Hamburg', 40, 42, { size: 7 });
      canvas.text('SEEFRACHTBRIEF', 555, 24, { size: 13, bold: true, align: 'right' });
      canvas.text('(nicht begebbar)', 555, 40, { size: 7, align: 'right' });
      stacked(canvas, 40, 64, 'Ablader / Versender', [
        'NORDHEIDE MASCHINENBAU GMBH',
        'INDUSTRIESTRASSE 7, 21244 BUCHHOLZ',
      ]);
      stacked(canvas, 40, 106, 'Empfänger', ['ATLANTIC TOOLING CORP.', '77 WATER ST, NEW YORK NY 10005']);
      stacked(canvas, 40, 148, 'Meldeadresse', ['HUDSON CUSTOMS BROKERAGE INC']);
      pairs(canvas, 330, 430, 64, [
        ['Seefrachtbrief-Nr.:', 'HLCUHAM261108342'],
        ['Buchungs-Nr.:', '61108342'],
        ['Schiff:', 'BERLIN EXPRESS'],
        ['Reise-Nr.:', '2647W'],
        ['Ladehafen:', 'HAMBURG'],
        ['Löschhafen:', 'NEW YORK, NY'],
        ['Ausstellungsdatum:', '24.11.2026'],
      ]);
      let y = 196;
      canvas.text('Container-Nr.          Plomben-Nr.      Typ      Packstücke      Bruttogewicht', 40, y, {
        size: 7.5,
        bold: true,
      });
      canvas.rule(40, y + 11, 515);
      for (const c of hapagHamburg) {
        y += 15;
        canvas.text(spacedContainer(c.container), 40, y, { size: 8.5 });
        canvas.text(c.seal, 140, y, { size: 8.5 });
        canvas.text(c.size, 215, y, { size: 8.5 });
        canvas.text('12 KISTEN', 262, y, { size: 8.5 });
        canvas.text(`${c.weight.replace(',', '.').replace(/\.000$/, ',000')} kg`, 345, y, { size: 8.5 });
      }
      canvas.paragraph(
        'Die Güter werden in äußerlich guter Verpackung und Beschaffenheit übernommen, sofern nicht anders vermerkt. Es gelten die Bedingungen des Beförderers.',
        40,
        y + 30,
        515,
        6.5,
      );
    },
    fields: {
      bill_of_lading_number: 'HLCUHAM261108342',
      shipper: 'NORDHEIDE MASCHINENBAU GMBH',
      consignee: 'ATLANTIC TOOLING CORP.',
      notify_party: 'HUDSON CUSTOMS BROKERAGE INC',
      vessel_name: 'BERLIN EXPRESS',
      voyage_number: '2647W',
      port_of_loading: port('Hamburg', 'DEHAM'),
      port_of_discharge: port('New York', 'USNYC'),
      container_numbers: containersOf(hapagHamburg),
      seal_numbers: sealsOf(hapagHamburg),
      scac: 'HLCU',
    },
  },
  {
    name: 'house-bill-nvocc-master-bill-named-on-same-page-shenzhen-oakland',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('PACIFIC BRIDGE LOGISTICS LIMITED', 40, 22, { size: 12, bold: true });
      canvas.text('NVOCC - FMC ORG. NO. 028411N', 40, 38, { size: 7 });
      canvas.text('HOUSE BILL OF LADING', 555, 24, { size: 12, bold: true, align: 'right' });
      canvas.field(305, 48, 125, 28, 'HOUSE B/L NO.', ['PBLSZX2611207']);
      canvas.field(435, 48, 120, 28, 'MASTER B/L NO. (FOR REFERENCE)', ['YMLUW490381226']);
      canvas.field(40, 56, 260, 44, 'SHIPPER', [
        'SHENZHEN BRIGHTWAVE AUDIO CO., LTD.',
        'BAO AN DISTRICT, SHENZHEN',
      ]);
      canvas.field(40, 104, 260, 44, 'CONSIGNEE', ['BAYSIDE SOUND SUPPLY LLC', '1 MARKET ST, OAKLAND CA']);
      canvas.field(40, 152, 260, 36, 'NOTIFY PARTY', ['GOLDEN GATE CUSTOMS BROKERS']);
      canvas.field(305, 80, 250, 28, 'OCEAN CARRIER', ['YANG MING MARINE TRANSPORT CORP.']);
      canvas.field(305, 112, 125, 28, 'VESSEL', ['YM WELLNESS']);
      canvas.field(435, 112, 120, 28, 'VOYAGE', ['087E']);
      canvas.field(305, 144, 125, 28, 'PORT OF LOADING', ['YANTIAN, CHINA']);
      canvas.field(435, 144, 120, 28, 'PORT OF DISCHARGE', ['OAKLAND, CA']);
      canvas.field(305, 176, 250, 24, 'MASTER SHIPPER / CONSIGNEE', [
        'PACIFIC BRIDGE LOGISTICS / PBL USA INC',
      ]);
      const bottom = table(
        canvas,
        216,
        [
          { head: 'CONTAINER / SEAL', x: 42 },
          { head: 'PKGS', x: 200 },
          { head: 'DESCRIPTION OF GOODS', x: 260 },
          { head: 'G.W. (KG)', x: 480, align: 'right' },
          { head: 'CBM', x: 553, align: 'right' },
        ],
        houseShenzhen.map((c) => [
          `${c.container} / ${c.seal}`,
          '640 CTNS',
          'BLUETOOTH SPEAKERS',
          c.weight,
          '58.200',
        ]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE_EN, 40, bottom + 12, 515, 6);
      canvas.text(
        'Issued as agent for the NVOCC. Place and date of issue: SHENZHEN 2026/11/24',
        40,
        bottom + 40,
        { size: 7 },
      );
    },
    fields: {
      bill_of_lading_number: 'PBLSZX2611207',
      shipper: 'SHENZHEN BRIGHTWAVE AUDIO CO., LTD.',
      consignee: 'BAYSIDE SOUND SUPPLY LLC',
      notify_party: 'GOLDEN GATE CUSTOMS BROKERS',
      vessel_name: 'YM WELLNESS',
      voyage_number: '087E',
      port_of_loading: port('Yantian', 'CNYTN'),
      port_of_discharge: port('Oakland', 'USOAK'),
      container_numbers: containersOf(houseShenzhen),
      seal_numbers: sealsOf(houseShenzhen),
    },
  },
  {
    name: 'sea-waybill-chinese-english-labels-full-width-digits-qingdao-rotterdam',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('QINGDAO OCEAN STAR SHIPPING AGENCY CO., LTD.', 40, 22, { size: 11, bold: true });
      canvas.text('SEA WAYBILL', 555, 24, { size: 13, bold: true, align: 'right' });
      canvas.unicodeText('提单号 B/L No.:', 330, 48, { size: 8, bold: true });
      canvas.unicodeText('QDOS２６１１０４５２', 440, 48, { size: 8 });
      canvas.unicodeText('托运人 Shipper', 40, 48, { size: 7, bold: true });
      canvas.lines(['QINGDAO HAIXIN TYRE CO., LTD.', 'HUANGDAO DISTRICT, QINGDAO'], 40, 59, { size: 8.5 });
      canvas.unicodeText('收货人 Consignee', 40, 92, { size: 7, bold: true });
      canvas.lines(['EUROWIEL BANDEN B.V.', 'WAALHAVEN O.Z. 81, ROTTERDAM'], 40, 103, { size: 8.5 });
      canvas.unicodeText('通知方 Notify Party', 40, 136, { size: 7, bold: true });
      canvas.lines(['SAME AS CONSIGNEE'], 40, 147, { size: 8.5 });
      const end = [
        ['船名 Vessel:', 'COSCO SHIPPING ARIES'],
        ['航次 Voyage:', '０２８Ｗ'],
        ['装货港 Port of Loading:', 'QINGDAO'],
        ['卸货港 Port of Discharge:', 'ROTTERDAM'],
      ] as const;
      unicodePairs(canvas, 330, 440, 66, end);
      let y = 184;
      canvas.unicodeText(
        '集装箱号 Container No.      封志 Seal No.      Type      Packages      G.W.',
        40,
        y,
        {
          size: 7.5,
          bold: true,
        },
      );
      for (const c of qingdaoRotterdam) {
        y += 14;
        canvas.text(c.container, 40, y, { size: 8.5 });
        canvas.text(c.seal, 150, y, { size: 8.5 });
        canvas.text(c.size, 235, y, { size: 8.5 });
        canvas.text('1,320 PCS', 280, y, { size: 8.5 });
        canvas.text(`${c.weight} KGS`, 360, y, { size: 8.5 });
      }
      canvas.paragraph(CLAUSE_EN, 40, y + 28, 515, 6);
      canvas.unicodeText('日期 Date: ２０２６/１１/２４', 40, y + 60, { size: 8 });
    },
    fields: {
      bill_of_lading_number: 'QDOS26110452',
      shipper: 'QINGDAO HAIXIN TYRE CO., LTD.',
      consignee: 'EUROWIEL BANDEN B.V.',
      vessel_name: 'COSCO SHIPPING ARIES',
      voyage_number: '028W',
      port_of_loading: port('Qingdao', 'CNTAO'),
      port_of_discharge: port('Rotterdam', 'NLRTM'),
      container_numbers: containersOf(qingdaoRotterdam),
      seal_numbers: sealsOf(qingdaoRotterdam),
    },
  },
  {
    name: 'bl-landscape-page-stored-sideways-rotate-flag-bremerhaven-savannah',
    type: 'bill_of_lading',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.turnPage();
      canvas.text('MAERSK', 40, 24, { size: 18, bold: true });
      canvas.text('BILL OF LADING FOR OCEAN TRANSPORT OR MULTIMODAL TRANSPORT', 555, 26, {
        size: 9,
        bold: true,
        align: 'right',
      });
      pairs(canvas, 330, 430, 44, [
        ['B/L No.', '261803447'],
        ['Booking No.', '261803447'],
        ['SCAC', 'MAEU'],
      ]);
      stacked(canvas, 40, 56, 'Shipper', ['WESER AUTOTEILE GMBH', 'AM LUNEDEICH 12, BREMERHAVEN']);
      stacked(canvas, 40, 96, 'Consignee', ['PEACH STATE PARTS DISTRIBUTION INC', 'SAVANNAH GA 31408']);
      stacked(canvas, 40, 136, 'Notify Party', ['COASTAL EMPIRE BROKERAGE LLC']);
      pairs(canvas, 40, 140, 170, [
        ['Vessel', 'MAERSK KENTUCKY'],
        ['Voyage No.', '647W'],
        ['Port of Loading', 'BREMERHAVEN'],
        ['Port of Discharge', 'SAVANNAH, GA'],
      ]);
      const bottom = table(
        canvas,
        236,
        [
          { head: 'Container', x: 42 },
          { head: 'Seal', x: 140 },
          { head: 'Type', x: 210 },
          { head: 'Packages', x: 260 },
          { head: 'Weight', x: 553, align: 'right' },
        ],
        landscapeSavannah.map((c) => [c.container, c.seal, c.size, c.packages, `${c.weight} KGS`]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(CLAUSE_EN, 40, bottom + 12, 515, 6);
    },
    fields: {
      bill_of_lading_number: '261803447',
      shipper: 'WESER AUTOTEILE GMBH',
      consignee: 'PEACH STATE PARTS DISTRIBUTION INC',
      notify_party: 'COASTAL EMPIRE BROKERAGE LLC',
      vessel_name: 'MAERSK KENTUCKY',
      voyage_number: '647W',
      port_of_loading: port('Bremerhaven', 'DEBRV'),
      port_of_discharge: port('Savannah', 'USSAV'),
      container_numbers: containersOf(landscapeSavannah),
      seal_numbers: sealsOf(landscapeSavannah),
      scac: 'MAEU',
    },
  },
  {
    name: 'cognossement-dutch-dashed-container-dates-24nov26-rotterdam-apapa',
    type: 'bill_of_lading',
    language: 'nl',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('DELTA WEST AFRICA LINES B.V.', 40, 24, { size: 12, bold: true });
      canvas.text('COGNOSSEMENT', 555, 24, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 330, 440, 48, [
        ['Cognossementnr.:', 'DWAL-RTM-26-4471'],
        ['Datum afgifte:', '24NOV26'],
        ['Aan boord:', '23NOV26'],
      ]);
      stacked(canvas, 40, 48, 'Afzender', ['HOLLANDIA ZUIVEL EXPORT B.V.', 'KAASMARKT 3, GOUDA']);
      stacked(canvas, 40, 90, 'Geadresseerde', ['LAGOS DAIRY FOODS LIMITED', 'APAPA, LAGOS']);
      stacked(canvas, 40, 132, 'Kennisgevingsadres', ['IKEJA CLEARING AGENCY LTD']);
      pairs(canvas, 330, 440, 100, [
        ['Schip:', 'DELTA MERCATOR'],
        ['Reis:', '26011S'],
        ['Laadhaven:', 'ROTTERDAM'],
        ['Loshaven:', 'APAPA'],
      ]);
      let y = 180;
      canvas.text('Containernr.      Zegelnr.     Type    Colli        Brutogewicht', 40, y, {
        size: 7.5,
        bold: true,
      });
      for (const c of dutchRotterdam) {
        y += 14;
        canvas.text(
          `${dashedContainer(c.container)}   ${c.seal}   ${c.size}   800 DOZEN   ${c.weight} KG`,
          40,
          y,
          {
            size: 8,
          },
        );
      }
      canvas.paragraph(
        'Ontvangen in ogenschijnlijk goede staat, behoudens andersluidende vermelding, om te worden vervoerd naar de loshaven onder de voorwaarden op de keerzijde.',
        40,
        y + 26,
        515,
        6.5,
      );
    },
    fields: {
      bill_of_lading_number: 'DWAL-RTM-26-4471',
      shipper: 'HOLLANDIA ZUIVEL EXPORT B.V.',
      consignee: 'LAGOS DAIRY FOODS LIMITED',
      notify_party: 'IKEJA CLEARING AGENCY LTD',
      vessel_name: 'DELTA MERCATOR',
      voyage_number: '26011S',
      port_of_loading: port('Rotterdam', 'NLRTM'),
      port_of_discharge: port('Apapa', 'NGAPP'),
      container_numbers: containersOf(dutchRotterdam),
      seal_numbers: sealsOf(dutchRotterdam),
    },
  },
];
