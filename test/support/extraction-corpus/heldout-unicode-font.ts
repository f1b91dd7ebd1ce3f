import type { PDFContext, PDFRef } from 'pdf-lib';

/**
 * Characters beyond ASCII that the sixth held-out set writes into text layers, in code order from 0x80:
 * ligatures, a soft hyphen, no-break and zero-width spaces, full-width digits and letters, accented
 * Latin letters and the Chinese of bilingual labels. Append only: a code once given stays, so the
 * committed PDFs regenerate byte for byte.
 */
export const UNICODE_EXTRAS: readonly string[] = [
  ...'\ufb01\ufb02\ufb03\ufb00\u00ad\u00a0\u200b\u202f',
  ...'０１２３４５６７８９',
  ...'ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ：／',
  ...'éèàçüöäßñóíáúò°',
  ...'托运人收货人通知方船名航次装货港卸货港集装箱号封志提单号发票日期总金额币种',
];

/** The glyph each extra character is drawn with (the text layer still names the character itself). */
function glyphOf(character: string): string {
  const latin: Record<string, string> = {
    '\ufb01': 'fi',
    '\ufb02': 'fl',
    '\ufb03': 'f',
    '\ufb00': 'f',
    '\u00ad': 'hyphen',
    '\u00a0': 'space',
    '\u200b': 'space',
    '\u202f': 'space',
    é: 'eacute',
    è: 'egrave',
    à: 'agrave',
    ç: 'ccedilla',
    ü: 'udieresis',
    ö: 'odieresis',
    ä: 'adieresis',
    ß: 'germandbls',
    ñ: 'ntilde',
    ó: 'oacute',
    í: 'iacute',
    á: 'aacute',
    ú: 'uacute',
    ò: 'ograve',
    '°': 'degree',
    '：': 'colon',
    '／': 'slash',
  };
  const known = latin[character];
  if (known !== undefined) return known;
  const code = character.codePointAt(0) ?? 0;
  const names = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
  if (code >= 0xff10 && code <= 0xff19) return names[code - 0xff10] ?? 'bullet';
  if (code >= 0xff21 && code <= 0xff3a) return String.fromCharCode(code - 0xff21 + 65);
  return 'bullet';
}

const hex = (value: number, digits: number): string => value.toString(16).toUpperCase().padStart(digits, '0');

/** The ToUnicode CMap: ASCII as itself, every extra character at its code. */
function toUnicodeCMap(): string {
  const pairs: string[] = [];
  for (let code = 0x20; code < 0x7f; code += 1) pairs.push(`<${hex(code, 2)}> <${hex(code, 4)}>`);
  UNICODE_EXTRAS.forEach((character, i) => {
    pairs.push(`<${hex(0x80 + i, 2)}> <${hex(character.codePointAt(0) ?? 0, 4)}>`);
  });
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 100) {
    const chunk = pairs.slice(i, i + 100);
    chunks.push(`${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<00> <FF>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** Helvetica and Helvetica-Bold with the extra characters' glyphs and the ToUnicode map, registered in `context`. */
export function unicodeFontObjects(context: PDFContext): { regular: PDFRef; bold: PDFRef } {
  if (UNICODE_EXTRAS.length > 0x80) throw new RangeError('more extra characters than codes');
  const cmap = context.register(context.stream(toUnicodeCMap()));
  const differences = [0x80, ...UNICODE_EXTRAS.map(glyphOf)];
  const font = (base: string): PDFRef =>
    context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'Type1',
        BaseFont: base,
        Encoding: context.obj({
          Type: 'Encoding',
          BaseEncoding: 'WinAnsiEncoding',
          Differences: differences,
        }),
        ToUnicode: cmap,
      }),
    );
  return { regular: font('Helvetica'), bold: font('Helvetica-Bold') };
}
