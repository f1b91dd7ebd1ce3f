import { cargo, containersOf, type HeldoutDocument } from './heldout-cargo.ts';
import { pairs, spacedContainer, stacked, table } from './heldout2-draw.ts';

/**
 * Packing lists of the second held-out set: an exporter's carton table over two pages with the totals in
 * the last row, a German Packliste with `12.345,600 kg`, and a Spanish lista de empaque in a boxed grid.
 */

const plTextile = cargo('SEKU', [450_331], { size: '40HC' });
const plGerman = cargo('HASU', [422_780, 423_019], { size: '40HC' });
const plSpanish = cargo('MSKU', [880_412], { size: '20DV' });

const cartonRows = (count: number): string[][] =>
  Array.from({ length: count }, (_, i) => [
    `${i * 40 + 1}-${i * 40 + 40}`,
    `ST-${2400 + i}`,
    ['WOMENS KNIT TOP', 'MENS DENIM JACKET', 'KIDS HOODIE', 'LADIES SCARF'][i % 4] ?? '',
    '40',
    '480.00',
    '520.00',
  ]);

export const HELDOUT2_PACKING: readonly HeldoutDocument[] = [
  {
    name: 'packing-list-exporter-carton-ranges-two-pages-totals-row',
    type: 'packing_list',
    language: 'en',
    face: 'helvetica',
    draw: (canvas) => {
      const columns = [
        { head: 'CTN NOS.', x: 42 },
        { head: 'STYLE', x: 110 },
        { head: 'DESCRIPTION', x: 180 },
        { head: 'CTNS', x: 380, align: 'right' as const },
        { head: 'N.W. (KG)', x: 460, align: 'right' as const },
        { head: 'G.W. (KG)', x: 553, align: 'right' as const },
      ];
      canvas.text('DHAKA KNITWEAR EXPORTS LTD.', 297, 30, { size: 12, bold: true, align: 'center' });
      canvas.text('Plot 22, DEPZ, Savar, Dhaka, Bangladesh', 297, 46, { size: 7, align: 'center' });
      canvas.text('PACKING LIST', 297, 66, { size: 13, bold: true, align: 'center' });
      pairs(
        canvas,
        40,
        140,
        90,
        [
          ['P/L NO.', 'DKE/PL/26/3318'],
          ['DATE', '24.11.2026'],
          ['CONTAINER', `${spacedContainer(plTextile[0]?.container ?? '')} / 40HC`],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 330, 90, 'FOR ACCOUNT & RISK OF MESSRS:', [
        'NORTHERN STAR APPAREL GMBH',
        'Modepark 7',
        '41460 Neuss, Germany',
      ]);
      table(canvas, 160, columns, cartonRows(22), { left: 40, right: 555 });
      canvas.newPage();
      table(
        canvas,
        40,
        columns,
        [...cartonRows(30).slice(22), ['TOTAL', '', '', '1,200', '14,400.00', '15,600.00']],
        { left: 40, right: 555 },
      );
      canvas.text('SAY TOTAL ONE THOUSAND TWO HUNDRED CARTONS ONLY', 42, 220, { size: 8 });
    },
    fields: {
      packing_list_number: 'DKE/PL/26/3318',
      shipper: 'DHAKA KNITWEAR EXPORTS LTD.',
      consignee: 'NORTHERN STAR APPAREL GMBH',
      container_numbers: containersOf(plTextile),
      package_count: 1200,
      gross_weight_kg: '15600.00',
    },
  },
  {
    name: 'packing-list-german-packliste-comma-decimal-weights',
    type: 'packing_list',
    language: 'de',
    face: 'times',
    draw: (canvas) => {
      canvas.lines(['SCHWARZWALD UHRENFABRIK KG', 'Uhrenweg 4', '78098 Triberg'], 40, 30, { size: 9 });
      canvas.text('PACKLISTE', 555, 30, { size: 14, bold: true, align: 'right' });
      pairs(
        canvas,
        360,
        450,
        54,
        [
          ['Packliste Nr.', 'PL-2611-087'],
          ['Datum', '24.11.2026'],
        ],
        { size: 8.5 },
      );
      stacked(canvas, 40, 100, 'Empfänger', [
        'CLOCKWORKS AMERICA INC.',
        '15 Liberty Way',
        'Charleston SC 29401, USA',
      ]);
      table(
        canvas,
        180,
        [
          { head: 'Container', x: 42 },
          { head: 'Kolli', x: 200, align: 'right' },
          { head: 'Verpackung', x: 220 },
          { head: 'Netto kg', x: 450, align: 'right' },
          { head: 'Brutto kg', x: 553, align: 'right' },
        ],
        [
          [plGerman[0]?.container ?? '', '24', 'Kisten', '6.102,400', '6.890,200'],
          [plGerman[1]?.container ?? '', '18', 'Kisten', '4.511,800', '5.102,600'],
          ['Gesamt', '42', 'Kisten', '10.614,200', '11.992,800'],
        ],
        { left: 40, right: 555 },
      );
    },
    fields: {
      packing_list_number: 'PL-2611-087',
      shipper: 'SCHWARZWALD UHRENFABRIK KG',
      consignee: 'CLOCKWORKS AMERICA INC.',
      container_numbers: containersOf(plGerman),
      package_count: 42,
      gross_weight_kg: '11992.8',
    },
  },
  {
    name: 'packing-list-spanish-lista-de-empaque-boxed-grid',
    type: 'packing_list',
    language: 'es',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('LISTA DE EMPAQUE', 297, 30, { size: 14, bold: true, align: 'center' });
      canvas.field(40, 60, 257, 70, 'Exportador', [
        'FLORES DE LA SABANA S.A.S.',
        'Km 7 Vía Funza',
        'Cundinamarca, Colombia',
      ]);
      canvas.field(297, 60, 258, 35, 'Lista de empaque N°', ['LE-0098812']);
      canvas.field(297, 95, 258, 35, 'Fecha', ['24/11/2026']);
      canvas.field(40, 130, 257, 70, 'Importador', [
        'MIAMI BLOOM WHOLESALE LLC',
        '8200 NW 25th St',
        'Doral FL 33122',
      ]);
      canvas.field(297, 130, 258, 70, 'Contenedor / Precinto', [
        `${plSpanish[0]?.container ?? ''} / ${plSpanish[0]?.seal ?? ''}`,
      ]);
      table(
        canvas,
        220,
        [
          { head: 'Producto', x: 42 },
          { head: 'Cajas', x: 300, align: 'right' },
          { head: 'Peso neto (kg)', x: 420, align: 'right' },
          { head: 'Peso bruto (kg)', x: 553, align: 'right' },
        ],
        [
          ['Rosas rojas 60 cm', '310', '2.170,00', '2.480,00'],
          ['Claveles surtidos', '250', '1.500,00', '1.750,00'],
          ['Total bultos', '560', '3.670,00', '4.230,00'],
        ],
        { left: 40, right: 555 },
      );
    },
    fields: {
      packing_list_number: 'LE-0098812',
      shipper: 'FLORES DE LA SABANA S.A.S.',
      consignee: 'MIAMI BLOOM WHOLESALE LLC',
      container_numbers: containersOf(plSpanish),
      package_count: 560,
      gross_weight_kg: '4230.00',
    },
  },
];
