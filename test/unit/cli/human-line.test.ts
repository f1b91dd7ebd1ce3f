import { describe, expect, it } from 'vitest';
import { humanLine } from '../../../src/observability/human-line.ts';

describe('humanLine', () => {
  it('turns a warning into one short line with its part and its plain fields', () => {
    const json = JSON.stringify({
      level: 40,
      time: '2026-11-24T02:24:16.596Z',
      name: 'stevedore',
      component: 'folder',
      file: 'junk.pdf',
      reason: 'unsupported_type',
      detail: 'not a PDF',
      msg: 'file set aside',
    });
    expect(humanLine(json)).toBe(
      'warning [folder] file set aside file=junk.pdf reason=unsupported_type detail="not a PDF"',
    );
  });

  it("adds an error's message and leaves nested objects and the stack to the log file", () => {
    const json = JSON.stringify({
      level: 50,
      component: 'events',
      module: 'reconciler',
      err: { type: 'Error', message: 'connect ECONNREFUSED', stack: 'Error: …' },
      query: { status: 'pending' },
      msg: 'reconcile pass failed',
    });
    expect(humanLine(json)).toBe('error [events/reconciler] reconcile pass failed: connect ECONNREFUSED');
  });

  it('ignores what is not a JSON object', () => {
    expect(humanLine('not json')).toBeUndefined();
    expect(humanLine('42')).toBeUndefined();
  });
});
