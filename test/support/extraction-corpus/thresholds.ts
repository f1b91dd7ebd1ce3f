/**
 * What the corpus accuracy test asserts: the engine's figures on the test's selection of the corpus when
 * the corpus was committed (accuracy 0.19, field F1 0.17 on 85 documents), less a small margin. Raise
 * them as the engine improves; the target is 0.95 for both. `imageDocumentsPerKind` bounds how
 * many generated OCR documents the test reads per input kind.
 */
export const CORPUS_THRESHOLDS = {
  classificationAccuracy: 0.16,
  fieldF1: 0.14,
  imageDocumentsPerKind: 2,
} as const;
