import { describe, expect, it } from 'vitest';
import { checkSize, checkType } from '../../../src/domain/content-policy.ts';

describe('content policy', () => {
  const policy = { maxBytes: 1_000 };

  it('accepts a size from one byte up to the cap', () => {
    expect(checkSize(1, policy)).toBeUndefined();
    expect(checkSize(1_000, policy)).toBeUndefined();
  });

  it('refuses empty content and content over the cap, saying the sizes', () => {
    expect(checkSize(0, policy)).toEqual({ reason: 'empty', detail: 'the file is empty (0 bytes)' });
    expect(checkSize(1_001, policy)).toEqual({
      reason: 'too_large',
      detail: 'the file is 1001 bytes; the largest accepted is 1000 bytes',
    });
  });

  it('accepts PDF, PNG, JPEG and TIFF, and names what it found otherwise', () => {
    for (const mime of ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff']) {
      expect(checkType({ mime, ext: 'x' })).toBeUndefined();
    }
    expect(checkType({ mime: 'image/gif', ext: 'gif' })).toEqual({
      reason: 'unsupported_type',
      detail: 'the content is image/gif (.gif); accepted: PDF, PNG, JPEG, TIFF',
    });
    expect(checkType(undefined)?.detail).toBe(
      'the content is an unrecognised format; accepted: PDF, PNG, JPEG, TIFF',
    );
  });
});
