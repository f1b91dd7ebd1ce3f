import { cargo, containersOf, type HeldoutDocument, port } from './heldout-cargo.ts';
import { pairs, spacedContainer, stacked, table } from './heldout2-draw.ts';
import { dashedContainer, runningHeadFoot } from './heldout6-draw.ts';

/**
 * Arrival notices and delivery orders of the sixth held-out set: a French `Avis d'arrivée`, a Dutch
 * `Aankomstbericht`, a notice with dates written `24NOV26` and dashed container numbers, a notice whose
 * left column is the line's standing terms (dates and sums of its own) beside an unrelated right column
 * of the shipment's fields, a two-page notice under a running header and footer; an Italian `Ordine di
 * consegna`, a German `Auslieferungsauftrag`, a delivery order dated `Nov. 24th, 2026` with container
 * numbers split by spaces.
 */

const havreNotice = cargo('CMAU', [730_412, 730_958], { size: '40HC' });
const rotterdamNotice = cargo('ONEU', [518_027], { size: '40HC' });
const charlestonNotice = cargo('TGHU', [612_734, 613_108], { size: '40DV' });
const twoColumnNotice = cargo('EGHU', [902_551], { size: '40HC' });
const runningNotice = cargo('HMMU', [640_118, 640_472, 640_903, 641_337, 641_760, 642_194], { size: '40HC' });
const genovaOrder = cargo('MSCU', [487_302], { size: '20DV' });
const hamburgOrder = cargo('HLBU', [215_660, 216_043], { size: '40HC' });
const norfolkOrder = cargo('MSKU', [733_905, 734_281], { size: '40HC' });

const TERMS =
  'Demurrage is charged from the first day after free time at USD 95.00 per day for days 1-4 and USD 160.00 thereafter. Notices of 01 OCT 2026 and 15 OCT 2026 remain in force. Per diem on equipment returned after 30 DEC 2026 is billed at the tariff rate. Cargo not cleared within 21 days may be sold.';

export const HELDOUT6_NOTICES: readonly HeldoutDocument[] = [
  {
    name: 'avis-d-arrivee-french-franchise-le-havre',
    type: 'arrival_notice',
    language: 'fr',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('SEINE MARITIME AGENCE', 40, 24, { size: 13, bold: true });
      canvas.text('Agent de CMA CGM au Havre', 40, 41, { size: 7 });
      canvas.text("AVIS D'ARRIVÉE", 555, 26, { size: 14, bold: true, align: 'right' });
      stacked(canvas, 40, 64, 'Destinataire', [
        'CAVES DE BOURGOGNE IMPORT SARL',
        '2 RUE DES TONNELIERS, DIJON',
      ]);
      pairs(canvas, 320, 440, 64, [
        ['N° de connaissement :', 'CMDUSHA2611690'],
        ['Navire :', 'CMA CGM TAGE'],
        ['Voyage :', '0FFEBW1'],
        ["Date d'arrivée prévue :", '27/11/2026'],
        ['Port de déchargement :', 'LE HAVRE'],
        ['Fin de franchise :', '04/12/2026'],
      ]);
      table(
        canvas,
        170,
        [
          { head: 'Conteneur', x: 42 },
          { head: 'Type', x: 150 },
          { head: 'Colis', x: 210 },
          { head: 'Poids brut', x: 553, align: 'right' },
        ],
        havreNotice.map((c) => [c.container, c.size, c.packages, `${c.weight} kg`]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(
        "Merci de nous transmettre le connaissement original ou la preuve de paiement du fret avant l'enlèvement. Les frais de magasinage courent à partir du lendemain de la fin de franchise.",
        40,
        240,
        515,
        6.5,
      );
    },
    fields: {
      bill_of_lading_number: 'CMDUSHA2611690',
      container_numbers: containersOf(havreNotice),
      vessel_name: 'CMA CGM TAGE',
      voyage_number: '0FFEBW1',
      eta: '2026-11-27',
      port_of_discharge: port('Le Havre', 'FRLEH'),
      last_free_day: '2026-12-04',
    },
  },
  {
    name: 'aankomstbericht-dutch-vrije-dagen-rotterdam',
    type: 'arrival_notice',
    language: 'nl',
    face: 'times',
    draw: (canvas) => {
      canvas.text('ONE Nederland B.V.', 40, 24, { size: 13, bold: true });
      canvas.text('AANKOMSTBERICHT', 555, 24, { size: 14, bold: true, align: 'right' });
      pairs(canvas, 40, 150, 60, [
        ['Cognossement nr.', 'ONEYSGNU55830400'],
        ['Zeeschip', 'ONE HAMBURG'],
        ['Reisnummer', '071W'],
        ['Verwachte aankomst', '26-11-2026'],
        ['Loshaven', 'ROTTERDAM'],
        ['Terminal', 'ECT DELTA'],
        ['Laatste vrije dag', '03-12-2026'],
      ]);
      stacked(canvas, 330, 60, 'Ontvanger', ['NOORDZEE FIETSEN B.V.', 'HAVENSTRAAT 12, ZWOLLE']);
      table(
        canvas,
        190,
        [
          { head: 'Container', x: 42 },
          { head: 'Type', x: 150 },
          { head: 'Colli', x: 210 },
          { head: 'Gewicht', x: 553, align: 'right' },
        ],
        rotterdamNotice.map((c) => [c.container, c.size, c.packages, `${c.weight} kg`]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'ONEYSGNU55830400',
      container_numbers: containersOf(rotterdamNotice),
      vessel_name: 'ONE HAMBURG',
      voyage_number: '071W',
      eta: '2026-11-26',
      port_of_discharge: port('Rotterdam', 'NLRTM'),
      last_free_day: '2026-12-03',
    },
  },
  {
    name: 'arrival-notice-dates-24nov26-dashed-containers-charleston',
    type: 'arrival_notice',
    language: 'en',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('ZIM INTEGRATED SHIPPING SERVICES', 40, 24, { size: 11, bold: true });
      canvas.text('ARRIVAL NOTICE', 555, 24, { size: 12, bold: true, align: 'right' });
      pairs(canvas, 40, 170, 56, [
        ['BL NO', 'ZIMUHFA8047712'],
        ['VSL/VOY', 'ZIM MOUNT EVEREST / 9E'],
        ['POD', 'CHARLESTON, SC'],
        ['ETA', '24NOV26'],
        ['FREE TIME EXPIRES', '01DEC26'],
        ['PRINTED', '20NOV26'],
      ]);
      stacked(canvas, 330, 56, 'CONSIGNEE', ['LOWCOUNTRY APPLIANCE SUPPLY', 'NORTH CHARLESTON SC 29405']);
      let y = 170;
      canvas.text('CNTR NO           TYPE   PKGS         WEIGHT', 40, y, { size: 8, bold: true });
      for (const c of charlestonNotice) {
        y += 13;
        canvas.text(
          `${dashedContainer(c.container)}    ${c.size}   ${c.packages.padEnd(10)}   ${c.weight} KGS`,
          40,
          y,
          {
            size: 8,
          },
        );
      }
    },
    fields: {
      bill_of_lading_number: 'ZIMUHFA8047712',
      container_numbers: containersOf(charlestonNotice),
      vessel_name: 'ZIM MOUNT EVEREST',
      voyage_number: '9E',
      eta: '2026-11-24',
      port_of_discharge: port('Charleston', 'USCHS'),
      last_free_day: '2026-12-01',
    },
  },
  {
    name: 'arrival-notice-two-unrelated-columns-terms-left-fields-right-houston',
    type: 'arrival_notice',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('EVERGREEN SHIPPING AGENCY (AMERICA) CORP.', 40, 24, { size: 11, bold: true });
      canvas.text('ARRIVAL NOTICE', 555, 24, { size: 13, bold: true, align: 'right' });
      canvas.text('IMPORTANT - PLEASE READ', 40, 56, { size: 7.5, bold: true });
      canvas.paragraph(TERMS, 40, 68, 230, 7);
      canvas.text('Office hours: Mon-Fri 08:00-17:00. Fax 713-555-0199.', 40, 160, { size: 7 });
      pairs(canvas, 300, 410, 56, [
        ['B/L Number:', 'EGLV142600583311'],
        ['Vessel:', 'EVER LEGION'],
        ['Voyage:', '0512-071W'],
        ['ETA:', 'Nov 28, 2026'],
        ['Discharge Port:', 'HOUSTON, TX'],
        ['Last Free Day:', 'Dec 04, 2026'],
      ]);
      stacked(canvas, 300, 150, 'Consignee', ['GULF COAST RESIN TRADING LLC', 'PASADENA TX 77506']);
      table(
        canvas,
        200,
        [
          { head: 'Container', x: 302 },
          { head: 'Type', x: 400 },
          { head: 'Weight', x: 553, align: 'right' },
        ],
        twoColumnNotice.map((c) => [c.container, c.size, `${c.weight} KG`]),
        { left: 300, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'EGLV142600583311',
      container_numbers: containersOf(twoColumnNotice),
      vessel_name: 'EVER LEGION',
      voyage_number: '0512-071W',
      eta: '2026-11-28',
      port_of_discharge: port('Houston', 'USHOU'),
      last_free_day: '2026-12-04',
    },
  },
  {
    name: 'arrival-notice-two-pages-running-header-footer-page-numbers-busan-long-beach',
    type: 'arrival_notice',
    language: 'en',
    face: 'times',
    draw: (canvas) => {
      const head = 'HMM CO., LTD. - ARRIVAL NOTICE - B/L HDMUPUSA26104418';
      const foot = 'This notice is issued for information; the carrier accepts no liability for its accuracy';
      runningHeadFoot(canvas, head, foot, 1, 2);
      canvas.text('ARRIVAL NOTICE', 297, 40, { size: 14, bold: true, align: 'center' });
      pairs(canvas, 40, 150, 70, [
        ['Bill of Lading No.', 'HDMUPUSA26104418'],
        ['Vessel / Voyage', 'HMM GARNET 0031E'],
        ['Port of Loading', 'BUSAN'],
        ['Port of Discharge', 'LONG BEACH, CA'],
        ['Estimated Arrival', '11/29/2026'],
        ['Last Free Day', '12/06/2026'],
      ]);
      stacked(canvas, 330, 70, 'CONSIGNEE', ['SOUTH BAY ELECTRONICS WHOLESALE', 'CARSON CA 90745']);
      canvas.text('Containers: see page 2.', 40, 180, { size: 8 });
      canvas.paragraph(TERMS, 40, 200, 515, 7);
      canvas.newPage();
      runningHeadFoot(canvas, head, foot, 2, 2);
      table(
        canvas,
        44,
        [
          { head: 'Container No.', x: 42 },
          { head: 'Type', x: 150 },
          { head: 'Packages', x: 210 },
          { head: 'Gross Weight', x: 553, align: 'right' },
        ],
        runningNotice.map((c) => [c.container, c.size, c.packages, `${c.weight} KGS`]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      bill_of_lading_number: 'HDMUPUSA26104418',
      container_numbers: containersOf(runningNotice),
      vessel_name: 'HMM GARNET',
      voyage_number: '0031E',
      eta: '2026-11-29',
      port_of_discharge: port('Long Beach', 'USLGB'),
      last_free_day: '2026-12-06',
    },
  },
  {
    name: 'ordine-di-consegna-italian-genova',
    type: 'delivery_order',
    language: 'it',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('LIGURIA SHIPPING AGENCY S.R.L.', 40, 24, { size: 12, bold: true });
      canvas.text('Agenti raccomandatari - Via XX Settembre 8, Genova', 40, 40, { size: 7 });
      canvas.text('ORDINE DI CONSEGNA', 555, 24, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 330, 450, 48, [
        ['Ordine n.', 'OC/GOA/26/3318'],
        ['Data', '24/11/2026'],
        ['Polizza di carico n.', 'MEDUXY219466'],
      ]);
      canvas.text('Si autorizza la consegna della merce sotto indicata a:', 40, 96, { size: 8 });
      stacked(canvas, 40, 110, 'Destinatario', ['FERRAMENTA ALPINA S.P.A.', 'VIA EMILIA 140, PARMA']);
      pairs(canvas, 40, 150, 160, [
        ['Nave', 'MSC ARIANE'],
        ['Viaggio', 'NB647A'],
        ['Porto di sbarco', 'GENOVA'],
        ['Terminal', 'PSA GENOVA PRA'],
      ]);
      table(
        canvas,
        230,
        [
          { head: 'Contenitore', x: 42 },
          { head: 'Tipo', x: 150 },
          { head: 'Colli', x: 210 },
          { head: 'Peso lordo', x: 553, align: 'right' },
        ],
        genovaOrder.map((c) => [c.container, c.size, c.packages, `${c.weight} kg`]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      delivery_order_number: 'OC/GOA/26/3318',
      bill_of_lading_number: 'MEDUXY219466',
      consignee: 'FERRAMENTA ALPINA S.P.A.',
      container_numbers: containersOf(genovaOrder),
      vessel_name: 'MSC ARIANE',
      port_of_discharge: port('Genova', 'ITGOA'),
    },
  },
  {
    name: 'auslieferungsauftrag-german-hamburg',
    type: 'delivery_order',
    language: 'de',
    face: 'times',
    draw: (canvas) => {
      canvas.text('ELBE CONTAINER AGENTUR GMBH', 40, 24, { size: 12, bold: true });
      canvas.text('AUSLIEFERUNGSAUFTRAG', 555, 24, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 330, 450, 50, [
        ['Auftrags-Nr.:', 'ECA-AA-2611-0772'],
        ['Datum:', '24. November 2026'],
        ['Konnossement-Nr.:', 'HLCUBKK2610991'],
      ]);
      canvas.text('An: CTA Container Terminal Altenwerder', 40, 50, { size: 8 });
      canvas.text('Bitte liefern Sie die folgenden Container aus an:', 40, 64, { size: 8 });
      stacked(canvas, 40, 82, 'Empfänger', ['HANSEATISCHE REISHANDEL GMBH', 'GROSSER GRASBROOK 9, HAMBURG']);
      pairs(canvas, 40, 150, 130, [
        ['Schiff', 'HAMBURG EXPRESS'],
        ['Löschhafen', 'HAMBURG'],
        ['Ankunft', '22.11.2026'],
      ]);
      table(
        canvas,
        190,
        [
          { head: 'Container', x: 42 },
          { head: 'Typ', x: 150 },
          { head: 'Packstücke', x: 210 },
          { head: 'Gewicht', x: 553, align: 'right' },
        ],
        hamburgOrder.map((c) => [c.container, c.size, c.packages, `${c.weight} kg`]),
        { left: 40, right: 555 },
      );
    },
    fields: {
      delivery_order_number: 'ECA-AA-2611-0772',
      bill_of_lading_number: 'HLCUBKK2610991',
      consignee: 'HANSEATISCHE REISHANDEL GMBH',
      container_numbers: containersOf(hamburgOrder),
      vessel_name: 'HAMBURG EXPRESS',
      port_of_discharge: port('Hamburg', 'DEHAM'),
    },
  },
  {
    name: 'delivery-order-ordinal-date-spaced-containers-norfolk',
    type: 'delivery_order',
    language: 'en',
    face: 'helvetica',
    letter: true,
    draw: (canvas) => {
      canvas.text('TIDEWATER CUSTOMS & FORWARDING, INC.', 40, 24, { size: 12, bold: true });
      canvas.text('DELIVERY ORDER', 572, 24, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 360, 460, 50, [
        ['D/O No.', 'TCF-DO-55120'],
        ['Date', 'Nov. 24th, 2026'],
        ['Master B/L', 'MAEU261477305'],
      ]);
      stacked(canvas, 40, 50, 'To (Trucker)', ['HAMPTON ROADS DRAYAGE LLC']);
      stacked(canvas, 40, 86, 'Deliver to / Consignee', [
        'BLUE RIDGE FURNITURE OUTLET INC',
        'ROANOKE VA 24011',
      ]);
      pairs(canvas, 40, 150, 130, [
        ['Vessel', 'MAERSK DETROIT'],
        ['Port of Discharge', 'NORFOLK, VA'],
        ['Pier', 'NIT NORTH'],
        ['Arrived', 'Nov. 21st, 2026'],
      ]);
      let y = 200;
      canvas.text('Containers released', 40, y, { size: 8, bold: true });
      for (const c of norfolkOrder) {
        y += 13;
        canvas.text(`${spacedContainer(c.container)}     ${c.size}     ${c.packages}`, 40, y, { size: 8.5 });
      }
    },
    fields: {
      delivery_order_number: 'TCF-DO-55120',
      bill_of_lading_number: 'MAEU261477305',
      consignee: 'BLUE RIDGE FURNITURE OUTLET INC',
      container_numbers: containersOf(norfolkOrder),
      vessel_name: 'MAERSK DETROIT',
      port_of_discharge: port('Norfolk', 'USORF'),
    },
  },
];
