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

/**
 * In English, French, German, Dutch, Spanish and Italian alike, e a i n t o r s are well over half of
 * all letters (0.5 to 0.76 over this project's corpus, codes and numbers included). A font whose glyphs
 * map to shifted or scrambled letters ("Sdnolmvw" for "Paklijst") keeps its vowels but not these
 * frequencies: 0.29 on such a file.
 */
const COMMON_LETTERS = /[eaintors]/g;
const MIN_LETTERS_TO_JUDGE = 80;
const MIN_COMMON_LETTER_SHARE = 0.4;

function lettersOutOfLanguage(text: string): boolean {
  const letters = text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (letters.length < MIN_LETTERS_TO_JUDGE) return false;
  return (letters.match(COMMON_LETTERS)?.length ?? 0) / letters.length < MIN_COMMON_LETTER_SHARE;
}

export function isGarbageText(text: string): boolean {
  const visible = text.replace(/\s/g, '');
  if (visible.length === 0) return false;
  const broken = visible.match(BROKEN_CHAR)?.length ?? 0;
  if (broken / visible.length > MAX_BROKEN_SHARE) return true;
  if (lettersOutOfLanguage(text)) return true;
  const words = text.match(WORD) ?? [];
  if (words.length < MIN_WORDS_TO_JUDGE) return false;
  const wordlike = words.filter((word) => VOWEL.test(word) && !CONSONANT_RUN.test(word)).length;
  return wordlike / words.length < MIN_WORDLIKE_SHARE;
}
