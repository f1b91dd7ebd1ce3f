/**
 * Tells a real text layer from one that only looks like text: PDFs whose fonts carry no usable encoding
 * give private-use or replacement characters, or letters that spell no word in any language.
 */

// Private use area, the replacement character and C0 controls other than whitespace.
const BROKEN_CHAR = /[\p{Co}\uFFFD]|[^\P{Cc}\s]/gu;
const WORD = /\p{L}{3,}/gu;
const VOWEL = /[aeiouyàâäáãåéèêëíìîïóòôöõúùûüýæœø]/iu;
const CONSONANT_RUN = /[^\saeiouyàâäáãåéèêëíìîïóòôöõúùûüýæœø\d]{5,}/iu;

/** Above this share of broken characters the text is garbage. */
const MAX_BROKEN_SHARE = 0.1;
/** With at least this many words, under this share of pronounceable ones is garbage. */
const MIN_WORDS_TO_JUDGE = 8;
const MIN_WORDLIKE_SHARE = 0.4;

export function isGarbageText(text: string): boolean {
  const visible = text.replace(/\s/g, '');
  if (visible.length === 0) return false;
  const broken = visible.match(BROKEN_CHAR)?.length ?? 0;
  if (broken / visible.length > MAX_BROKEN_SHARE) return true;
  const words = text.match(WORD) ?? [];
  if (words.length < MIN_WORDS_TO_JUDGE) return false;
  const wordlike = words.filter((word) => VOWEL.test(word) && !CONSONANT_RUN.test(word)).length;
  return wordlike / words.length < MIN_WORDLIKE_SHARE;
}
