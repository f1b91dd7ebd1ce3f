/**
 * Characters of a text layer as the rules read them. Typesetting and OCR tools leave presentation forms
 * the rules cannot see through: ligatures ("ﬁ" in "Conﬁrmation"), full-width digits and letters from East
 * Asian input methods ("２０２６"), no-break and narrow spaces, soft hyphens where a word could break and
 * zero-width spaces inside numbers. Compatibility normalization (NFKC) turns the first three into the
 * plain characters (all but the ordinal indicators); the invisible ones are dropped.
 */

// Soft hyphen, zero-width space, non-joiner and joiner, word joiner, byte order mark.
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
const PLAIN = /^[\x20-\x7e]*$/;

export function plainCharacters(text: string): string {
  if (PLAIN.test(text)) return text;
  // The ordinal indicators of "N.º" and "n.ª" are kept: NFKC would make them letters.
  return text.replace(/[^ºª]+/g, (run) => run.normalize('NFKC')).replace(INVISIBLE, '');
}

// Han ideographs, CJK symbols and punctuation, kana, Hangul: labels of bilingual forms ("托运人 Shipper").
const CJK = '\u2e80-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff';
const CJK_RUN = new RegExp(`[${CJK}]+`, 'g');
const ANY_CJK = new RegExp(`[${CJK}]`);
const LATIN = /[A-Za-z0-9]/;

/**
 * A cell of a bilingual form with its Chinese, Japanese or Korean words taken out when the line also
 * reads in Latin script: "托运人 Shipper" is the label "Shipper". Lines in those scripts alone are kept.
 */
export function withoutCjkBesideLatin(text: string, lineHasLatin: boolean): string {
  if (!lineHasLatin) return text;
  return text.replace(CJK_RUN, ' ');
}

export const hasCjk = (text: string): boolean => ANY_CJK.test(text);
export const hasLatin = (text: string): boolean => LATIN.test(text);
