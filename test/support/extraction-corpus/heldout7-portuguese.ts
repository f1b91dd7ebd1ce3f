import { cargo, containersOf, type HeldoutDocument, port, sealsOf } from './heldout-cargo.ts';
import { money, pairs, stacked, table } from './heldout2-draw.ts';
import { labelRow } from './heldout7-draw.ts';

/**
 * Brazilian and Portuguese papers of the seventh held-out set, the first in Portuguese: a `Conhecimento
 * de Embarque` in boxes with their values under the titles, a Brazilian `Fatura Comercial` in reais
 * (`R$ 507.215,00`, `24 de novembro de 2026`), a Portuguese `Fatura` with IVA and amounts grouped by
 * spaces, an `Aviso de Chegada` dated `24/11/2026`, a `Romaneio de Carga`, an `Ordem de Entrega`
 * addressed to a road haulier, a `Confirmação de Reserva` naming its ports in Portuguese (`Xangai`), and
 * a Brazilian import declaration's extract (type `other`).
 */

/** A weight as Brazilian paperwork prints it: `21.450,000`. */
const kg = (weight: string): string => weight.replace(/,/g, '#').replace('.', ',').replace(/#/g, '.');

const santosBill = cargo('MSDU', [771_204, 771_688, 772_035], { size: '40HC', seal: 'BR' });
const santosNotice = cargo('HASU', [418_220, 418_907], { size: '40RH' });
const romaneioBoxes = cargo('SUDU', [605_118, 605_541], { size: '40HC' });
const leixoesOrder = cargo('CAIU', [902_733], { size: '20DV' });
const duimpBoxes = cargo('MRKU', [340_815, 341_202], { size: '40HC' });

export const HELDOUT7_PORTUGUESE: readonly HeldoutDocument[] = [
  {
    name: 'conhecimento-de-embarque-brazilian-boxes-values-below-santos-antwerp',
    type: 'bill_of_lading',
    language: 'pt',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('MEDITERRANEAN SHIPPING COMPANY DO BRASIL LTDA.', 40, 22, { size: 9, bold: true });
      canvas.text('CONHECIMENTO DE EMBARQUE MARÍTIMO', 555, 22, { size: 10, bold: true, align: 'right' });
      canvas.text('Não negociável salvo se emitido "à ordem"', 555, 36, { size: 6.5, align: 'right' });
      canvas.field(40, 50, 300, 52, 'EMBARCADOR / EXPORTADOR', [
        'CITROSUCO AGROINDUSTRIAL S.A.',
        'RODOVIA WASHINGTON LUIZ KM 173, MATÃO - SP',
      ]);
      canvas.field(340, 50, 215, 26, 'Nº DO CONHECIMENTO (B/L)', ['MEDUBR264471092']);
      canvas.field(340, 76, 215, 26, 'Nº DA RESERVA', ['BR26-0448172']);
      canvas.field(40, 102, 300, 52, 'CONSIGNATÁRIO', [
        'EUROFRUIT JUICE TRADING N.V.',
        'NOORDERLAAN 147, 2030 ANTWERPEN',
      ]);
      canvas.field(340, 102, 215, 52, 'NOTIFICAR', ['DE KEYSER CUSTOMS SERVICES BVBA', 'ANTWERPEN']);
      canvas.field(40, 154, 150, 26, 'NAVIO', ['MSC ANTONELLA']);
      canvas.field(190, 154, 150, 26, 'VIAGEM', ['NW647A']);
      canvas.field(340, 154, 215, 26, 'LOCAL DE RECEBIMENTO', ['MATÃO, SP']);
      canvas.field(40, 180, 150, 26, 'PORTO DE EMBARQUE', ['SANTOS, BRASIL']);
      canvas.field(190, 180, 150, 26, 'PORTO DE DESCARGA', ['ANTUÉRPIA (ANTWERP), BÉLGICA']);
      canvas.field(340, 180, 215, 26, 'LOCAL DE ENTREGA', ['ANTWERP']);
      table(
        canvas,
        218,
        [
          { head: 'Contêiner', x: 42 },
          { head: 'Lacre', x: 135 },
          { head: 'Tipo', x: 210 },
          { head: 'Descrição da mercadoria', x: 260 },
          { head: 'Peso bruto (kg)', x: 553, align: 'right' },
        ],
        santosBill.map((c) => [
          c.container,
          c.seal,
          c.size,
          'SUCO DE LARANJA CONCENTRADO CONGELADO',
          kg(c.weight),
        ]),
        { left: 40, right: 555 },
      );
      canvas.text('FRETE PAGÁVEL NO DESTINO - 3 (TRÊS) VIAS ORIGINAIS', 40, 300, { size: 7.5, bold: true });
      canvas.text('Santos, 24 de novembro de 2026', 40, 316, { size: 7.5 });
    },
    fields: {
      bill_of_lading_number: 'MEDUBR264471092',
      shipper: 'CITROSUCO AGROINDUSTRIAL S.A.',
      consignee: 'EUROFRUIT JUICE TRADING N.V.',
      notify_party: 'DE KEYSER CUSTOMS SERVICES BVBA',
      vessel_name: 'MSC ANTONELLA',
      voyage_number: 'NW647A',
      port_of_loading: port('Santos', 'BRSSZ'),
      port_of_discharge: port('Antwerp', 'BEANR'),
      container_numbers: containersOf(santosBill),
      seal_numbers: sealsOf(santosBill),
      scac: 'MEDU',
    },
  },
  {
    name: 'fatura-comercial-brazilian-reais-written-date-itajai',
    type: 'commercial_invoice',
    language: 'pt',
    face: 'times',
    draw: (canvas) => {
      canvas.text('MADEIREIRA VALE DO ITAJAÍ EXPORTADORA LTDA.', 40, 24, { size: 12, bold: true });
      canvas.text('Rua Blumenau, 1420 - Itajaí - SC - CNPJ 82.614.339/0001-07', 40, 40, { size: 7 });
      canvas.text('FATURA COMERCIAL', 555, 24, { size: 14, bold: true, align: 'right' });
      pairs(canvas, 340, 450, 58, [
        ['Fatura nº', 'MVI-EXP-2611/037'],
        ['Data de emissão', '24 de novembro de 2026'],
        ['Condição de venda', 'FOB Itajaí'],
        ['Pagamento', '60 dias da data do B/L'],
      ]);
      stacked(canvas, 40, 60, 'Importador', [
        'TIMBERLINE BUILDING SUPPLY INC.',
        '800 PORT AVENUE, SAVANNAH GA',
      ]);
      const bottom = table(
        canvas,
        135,
        [
          { head: 'Item', x: 42 },
          { head: 'Descrição', x: 70 },
          { head: 'Qtd. (m³)', x: 330, align: 'right' },
          { head: 'Preço unit. (R$)', x: 440, align: 'right' },
          { head: 'Total (R$)', x: 553, align: 'right' },
        ],
        [
          ['1', 'Compensado de pinus 18 mm', '412,500', '742,80', money(30_640_500, 'eu')],
          ['2', 'Molduras de pinus finger-joint', '236,000', '766,95', money(18_100_020, 'eu')],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 340, 470, bottom + 4, [
        ['Total FOB', `R$ ${money(48_740_520, 'eu')}`],
        ['Embalagem', `R$ ${money(1_980_980, 'eu')}`],
        ['VALOR TOTAL DA FATURA', `R$ ${money(50_721_500, 'eu')}`],
      ]);
      canvas.text('Valor por extenso: quinhentos e sete mil, duzentos e quinze reais.', 40, bottom + 56, {
        size: 7,
      });
    },
    fields: {
      invoice_number: 'MVI-EXP-2611/037',
      invoice_date: '2026-11-24',
      supplier_name: 'MADEIREIRA VALE DO ITAJAÍ EXPORTADORA LTDA.',
      total_amount: '507215.00',
      currency: 'BRL',
    },
  },
  {
    name: 'fatura-portuguese-iva-space-grouped-euros-porto',
    type: 'commercial_invoice',
    language: 'pt',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('CORTIÇAS DO DOURO, S.A.', 40, 24, { size: 13, bold: true });
      canvas.text('Av. da Boavista 3271, 4100-137 Porto - NIF 503 118 442', 40, 41, { size: 7 });
      canvas.text('FATURA', 555, 24, { size: 15, bold: true, align: 'right' });
      canvas.text('Original', 555, 42, { size: 7, align: 'right' });
      labelRow(canvas, 64, [
        [40, 'Fatura n.º', 'FT 2026/1187'],
        [170, 'Data', '2026-11-24'],
        [260, 'Vencimento', '2026-12-24'],
        [360, 'Cliente', 'C-00841'],
        [450, 'Moeda', 'EUR'],
      ]);
      stacked(canvas, 40, 104, 'Exmo.(s) Sr.(s)', [
        'BORDEAUX BOUCHAGE SARL',
        '14 QUAI DES CHARTRONS, BORDEAUX',
      ]);
      const bottom = table(
        canvas,
        160,
        [
          { head: 'Artigo', x: 42 },
          { head: 'Descrição', x: 100 },
          { head: 'Qtd.', x: 340, align: 'right' },
          { head: 'Preço', x: 430, align: 'right' },
          { head: 'Valor', x: 553, align: 'right' },
        ],
        [
          ['RN-24', 'Rolhas naturais 24x45 mm', '120 000', '0,082', money(984_000, 'fr')],
          ['CT-38', 'Rolhas técnicas 38x24 mm', '85 000', '0,041', money(348_500, 'fr')],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 330, 470, bottom + 4, [
        ['Total ilíquido', money(1_332_500, 'fr')],
        ['IVA 0 % (isento, art. 14.º RITI)', '0,00'],
        ['Transporte', money(62_000, 'fr')],
        ['IVA 23 % s/ transporte', money(14_260, 'fr')],
        ['Total a pagar (EUR)', money(1_408_760, 'fr')],
      ]);
    },
    fields: {
      invoice_number: 'FT 2026/1187',
      invoice_date: '2026-11-24',
      supplier_name: 'CORTIÇAS DO DOURO, S.A.',
      total_amount: '14087.60',
      currency: 'EUR',
    },
  },
  {
    name: 'aviso-de-chegada-brazilian-atracacao-free-time-santos',
    type: 'arrival_notice',
    language: 'pt',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('AGÊNCIA MARÍTIMA LITORAL PAULISTA LTDA.', 40, 24, { size: 12, bold: true });
      canvas.text('Agentes de Hamburg Süd no Porto de Santos', 40, 40, { size: 7 });
      canvas.text('AVISO DE CHEGADA', 555, 24, { size: 14, bold: true, align: 'right' });
      pairs(canvas, 40, 190, 64, [
        ['Nº do Conhecimento (BL):', 'SUDU26NGB0917'],
        ['Navio:', 'SANTA ISABEL'],
        ['Viagem:', '647S'],
        ['Porto de Descarga:', 'SANTOS - SP'],
        ['Previsão de Atracação:', '24/11/2026'],
        ['Término do Free Time:', '01/12/2026'],
        ['Terminal:', 'BTP - BRASIL TERMINAL PORTUÁRIO'],
      ]);
      stacked(canvas, 340, 64, 'Consignatário', ['IMPORTADORA PAULISTA DE PESCADOS LTDA.', 'GUARUJÁ - SP']);
      table(
        canvas,
        190,
        [
          { head: 'Contêiner', x: 42 },
          { head: 'Tipo', x: 150 },
          { head: 'Volumes', x: 210 },
          { head: 'Peso bruto (kg)', x: 553, align: 'right' },
        ],
        santosNotice.map((c) => [c.container, c.size, c.packages.replace('PLTS', 'PALETES'), kg(c.weight)]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(
        'Após o término do free time será cobrada sobreestadia de R$ 1.150,00 por contêiner/dia. Apresente o BL original ou a carta de liberação junto com o comprovante de pagamento do frete.',
        40,
        250,
        515,
        6.5,
      );
    },
    fields: {
      bill_of_lading_number: 'SUDU26NGB0917',
      container_numbers: containersOf(santosNotice),
      vessel_name: 'SANTA ISABEL',
      voyage_number: '647S',
      eta: '2026-11-24',
      port_of_discharge: port('Santos', 'BRSSZ'),
      last_free_day: '2026-12-01',
    },
  },
  {
    name: 'romaneio-de-carga-brazilian-packing-list-paranagua',
    type: 'packing_list',
    language: 'pt',
    face: 'times',
    draw: (canvas) => {
      canvas.text('FRIGORÍFICO CAMPOS GERAIS S.A.', 40, 24, { size: 13, bold: true });
      canvas.text('ROMANEIO DE CARGA', 555, 24, { size: 14, bold: true, align: 'right' });
      canvas.text('(Lista de Embalagem)', 555, 41, { size: 8, align: 'right' });
      pairs(canvas, 340, 450, 60, [
        ['Romaneio nº', 'RC-2026-0733'],
        ['Fatura nº', 'FCG-EXP-4471'],
        ['Data', '24/11/2026'],
      ]);
      stacked(canvas, 40, 60, 'Exportador', ['FRIGORÍFICO CAMPOS GERAIS S.A.', 'PONTA GROSSA - PR']);
      stacked(canvas, 40, 100, 'Importador', ['GULF PREMIUM FOODS L.L.C.', 'JEBEL ALI, DUBAI']);
      const bottom = table(
        canvas,
        150,
        [
          { head: 'Contêiner', x: 42 },
          { head: 'Produto', x: 140 },
          { head: 'Caixas', x: 360, align: 'right' },
          { head: 'Peso líquido (kg)', x: 460, align: 'right' },
          { head: 'Peso bruto (kg)', x: 553, align: 'right' },
        ],
        [
          [
            romaneioBoxes[0]?.container ?? '',
            'Coxa de frango congelada',
            '1.350',
            '27.000,000',
            '27.945,500',
          ],
          [
            romaneioBoxes[1]?.container ?? '',
            'Peito de frango congelado',
            '1.300',
            '26.000,000',
            '26.910,250',
          ],
        ],
        { left: 40, right: 555 },
      );
      pairs(canvas, 300, 470, bottom + 4, [
        ['Total de volumes', '2.650 caixas'],
        ['Peso líquido total', '53.000,000 kg'],
        ['Peso bruto total', '54.855,750 kg'],
      ]);
    },
    fields: {
      packing_list_number: 'RC-2026-0733',
      shipper: 'FRIGORÍFICO CAMPOS GERAIS S.A.',
      consignee: 'GULF PREMIUM FOODS L.L.C.',
      container_numbers: containersOf(romaneioBoxes),
      package_count: 2650,
      gross_weight_kg: '54855.75',
    },
  },
  {
    name: 'ordem-de-entrega-portuguese-to-road-haulier-leixoes',
    type: 'delivery_order',
    language: 'pt',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('NAVEGAÇÃO ATLÂNTICA AGENTES, LDA.', 40, 24, { size: 12, bold: true });
      canvas.text('Porto de Leixões - Matosinhos', 40, 40, { size: 7 });
      canvas.text('ORDEM DE ENTREGA', 555, 24, { size: 14, bold: true, align: 'right' });
      canvas.text('Ao transportador rodoviário:', 40, 62, { size: 8, bold: true });
      canvas.lines(['TRANSPORTES MINHO & FILHOS, LDA.', 'ZONA INDUSTRIAL DE LOUSADO, FAMALICÃO'], 40, 74, {
        size: 8.5,
      });
      pairs(canvas, 330, 445, 62, [
        ['Ordem n.º', 'OE-LEI-26-0917'],
        ['B/L n.º', 'CMDUCAI2604418'],
        ['Navio', 'CMA CGM MEKONG'],
        ['Porto de descarga', 'LEIXÕES'],
        ['Data', '24-11-2026'],
      ]);
      stacked(canvas, 40, 116, 'Consignatário / Destinatário da mercadoria', [
        'TÊXTEIS VALE DO AVE, S.A.',
        'RUA DA INDÚSTRIA 55, GUIMARÃES',
      ]);
      table(
        canvas,
        168,
        [
          { head: 'Contentor', x: 42 },
          { head: 'Tipo', x: 150 },
          { head: 'Volumes', x: 220 },
          { head: 'Peso (kg)', x: 553, align: 'right' },
        ],
        leixoesOrder.map((c) => [c.container, c.size, c.packages.replace('PLTS', 'FARDOS'), kg(c.weight)]),
        { left: 40, right: 555 },
      );
      canvas.paragraph(
        'Autoriza-se a entrega dos contentores acima ao portador desta ordem, mediante apresentação no terminal TCL. O contentor vazio deve ser devolvido no depósito indicado até 01-12-2026.',
        40,
        215,
        515,
        7,
      );
    },
    fields: {
      delivery_order_number: 'OE-LEI-26-0917',
      bill_of_lading_number: 'CMDUCAI2604418',
      consignee: 'TÊXTEIS VALE DO AVE, S.A.',
      container_numbers: containersOf(leixoesOrder),
      vessel_name: 'CMA CGM MEKONG',
      port_of_discharge: port('Leixões', 'PTLEI'),
    },
  },
  {
    name: 'confirmacao-de-reserva-brazilian-ports-in-portuguese-paranagua-xangai',
    type: 'booking_confirmation',
    language: 'pt',
    face: 'helvetica',
    draw: (canvas) => {
      canvas.text('COSCO SHIPPING LINES DO BRASIL', 40, 24, { size: 12, bold: true });
      canvas.text('CONFIRMAÇÃO DE RESERVA', 555, 24, { size: 13, bold: true, align: 'right' });
      pairs(canvas, 40, 175, 60, [
        ['Número da reserva:', '6404418827'],
        ['Embarcador:', 'COAMO AGROINDUSTRIAL COOPERATIVA'],
        ['Navio / Viagem:', 'COSCO SHIPPING GALAXY / 057E'],
        ['Porto de origem:', 'PARANAGUÁ'],
        ['Porto de destino:', 'XANGAI, CHINA'],
        ['Saída prevista:', '24 de novembro de 2026'],
        ['Deadline de carga:', '20 de novembro de 2026, 17h00'],
        ['Equipamento:', '10 x 20DV'],
      ]);
      canvas.paragraph(
        'A retirada dos contêineres vazios deve ser feita no terminal indicado com esta confirmação. Reservas não utilizadas até o deadline serão canceladas sem aviso.',
        40,
        200,
        515,
        7,
      );
    },
    fields: {
      booking_number: '6404418827',
      shipper: 'COAMO AGROINDUSTRIAL COOPERATIVA',
      vessel_name: 'COSCO SHIPPING GALAXY',
      voyage_number: '057E',
      port_of_loading: port('Paranaguá', 'BRPNG'),
      port_of_discharge: port('Xangai', 'CNSHA'),
      etd: '2026-11-24',
    },
  },
  {
    name: 'extrato-declaracao-de-importacao-brazilian-customs-other',
    type: 'other',
    language: 'pt',
    face: 'courier',
    draw: (canvas) => {
      canvas.text('RECEITA FEDERAL DO BRASIL', 40, 24, { size: 11, bold: true });
      canvas.text('EXTRATO DA DECLARAÇÃO DE IMPORTAÇÃO', 40, 40, { size: 11, bold: true });
      pairs(canvas, 40, 230, 66, [
        ['Número da declaração:', '26/1874402-3'],
        ['Data de registro:', '24/11/2026'],
        ['Importador (CNPJ):', '11.402.887/0001-50 ELETRO SUL COMERCIAL LTDA'],
        ['Conhecimento de carga:', 'MAEU262448871'],
        ['Veículo transportador:', 'MAERSK LIMA'],
        ['Local de descarga:', 'RIO GRANDE - RS'],
        ['Canal de parametrização:', 'VERDE'],
        ['Valor aduaneiro:', 'R$ 1.284.337,90'],
        ['II / IPI / PIS / COFINS:', 'R$ 318.420,15'],
      ]);
      canvas.text('Contêineres:', 40, 210, { size: 8, bold: true });
      canvas.lines(containersOf(duimpBoxes), 230, 210, { size: 8 });
      canvas.paragraph(
        'Desembaraço autorizado. Este extrato não substitui o comprovante de importação.',
        40,
        250,
        515,
        7,
      );
    },
    fields: {},
  },
];
