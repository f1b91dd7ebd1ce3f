/**
 * The characters of a paste that carriers do not print, made into the ones they do, before the paste is
 * split into words (see reference-input.ts).
 */

/**
 * Full-width forms (U+FF01 to U+FF5E), which Asian keyboards type, are read as their ASCII twins. Only
 * they: NFKC would also turn symbols into letters (`№` into `No`) and glue a label onto the number.
 */
const FULL_WIDTH = /[\uff01-\uff5e]/gu;

/** Arabic-Indic and Extended Arabic-Indic (Persian, Urdu) digits, read as the digits they are. */
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/gu;

/**
 * Where Chinese, Japanese or Korean text meets Latin letters or digits: those scripts put no space between
 * a label and its number (`提单号MAEU…`, `箱号CSNU…`), so the break is put in.
 */
const CJK_LATIN_BOUNDARY =
  /(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9.,;:!?)\]])(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu;

/** `n°`, `N°` (French, Spanish, Italian, Portuguese labels): the number sign typed with a degree sign. */
const NUMERO_SIGN = /(?<![A-Za-z])([Nn])°/gu;

/**
 * A spreadsheet cell copied with its formula (`="MSKU6787218"`, how exports keep leading zeros and long
 * digits from being read as numbers): the equals sign before the quoted text.
 */
const FORMULA_EQUALS = /(?<!\S)=(?=["'“])/gu;

/**
 * A number broken across two lines of a PDF with a hyphen (`EGLV350721-⏎004309`): the hyphen and the line
 * break are where the page wrapped, not between two numbers. Only digits on both sides: a word after it is
 * the next line's text.
 */
const WRAPPED_AT_HYPHEN = /(?<=[0-9])[\p{Pd}\u00ad\u2212][ \t]*\r?\n[ \t]*(?=[0-9])/gu;

/** A check digit printed in a box, typed as `MSKU 678721 (8)` or `[8]`: one digit, bracketed, at the end. */
const BOXED_CHECK_DIGIT = /(?<=[0-9])\s*[([]\s*([0-9])\s*[)\]]\s*$/u;

/**
 * A number letter-spaced by a PDF's text layer (`M S K U 6 7 8 7 2 1 8`): five or more single letters and
 * digits, one space apart, are one word.
 */
const LETTER_SPACED = /(?<!\S)(?:[A-Za-z0-9] ){4,}[A-Za-z0-9](?!\S)/g;

/**
 * A bare number a spreadsheet stored as a figure and exported with its decimal (`6012345678.0`): the `.0` is
 * the export's, not the carrier's. Eight digits or more, the shortest bare references.
 */
const FIGURE_DECIMAL = /(?<![0-9.])([0-9]{8,})\.0(?![0-9.])/g;

/** Text with nothing outside printable ASCII and the whitespace ASCII has. */
const PRINTABLE_ASCII = /^[\x20-\x7e\t\n\r]*$/;

/**
 * A paste's characters made into the ones carriers print: full-width forms, Arabic-Indic digits, `n°`, a
 * break between CJK text and the number, a boxed check digit, a formula's `=`, a PDF line wrapped at a
 * hyphen, a letter-spaced number, a spreadsheet figure's `.0`. Text of printable ASCII has none of the first four, which are skipped for it.
 */
export function foldPaste(input: string): string {
  const ascii = PRINTABLE_ASCII.test(input)
    ? input
    : input
        .replace(FULL_WIDTH, (char) => char.normalize('NFKC'))
        .replace(ARABIC_INDIC_DIGIT, (char) => String((char.codePointAt(0) ?? 0) & 0xf))
        .replace(NUMERO_SIGN, '$1o')
        .replace(CJK_LATIN_BOUNDARY, ' ');
  return ascii
    .replace(BOXED_CHECK_DIGIT, '$1')
    .replace(FORMULA_EQUALS, '')
    .replace(WRAPPED_AT_HYPHEN, '')
    .replace(LETTER_SPACED, (run) => run.replaceAll(' ', ''))
    .replace(FIGURE_DECIMAL, '$1');
}
