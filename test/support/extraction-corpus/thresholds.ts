/**
 * What the corpus accuracy test asserts: the engine's figures on the test's selection of the corpus when
 * the corpus was committed (accuracy 0.18, field F1 0.15 on 72 documents), less a small margin. Raise them as the engine improves; the target is
 * 0.95 for both. `imageDocumentsPerKind` bounds how many OCR documents the test reads per input kind.
 */
export const CORPUS_THRESHOLDS = {
  classificationAccuracy: 0.15,
  fieldF1: 0.12,
  imageDocumentsPerKind: 2,
} as const;
