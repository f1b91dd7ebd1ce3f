import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/load-config.ts';

/**
 * Abuse probe round 5 on the command's settings: a value that is wrong is named and shown cut, and shown
 * with every character a terminal would act on escaped. JSON quoting escaped C0 controls but left C1
 * controls (0x9b opens an escape sequence on some terminals) and bidi overrides (the value shown reversed)
 * as they were.
 */
const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('hostile environment values', () => {
  it('shows a wrong value with C1 controls and bidi overrides escaped', () => {
    const [problem = ''] = problemsOf({ STEVEDORE_PORT: '\u202e4010\u009b31m\u200b' });
    expect(problem).toMatch(/^STEVEDORE_PORT: must be a whole number, got /);
    expect(problem).toContain('\\u202e');
    expect(problem).toContain('\\u009b');
    expect(problem).toContain('\\u200b');
    expect(problem).not.toMatch(/[\u007f-\u009f\u202e\u200b]/u);
  });

  it('names every wrong setting and cuts long values (the longest a variable can be, 128 KiB)', () => {
    const long = 'x'.repeat(128 * 1024);
    const problems = problemsOf({
      STEVEDORE_PORT: long,
      STEVEDORE_RATE_LIMIT_PER_MINUTE: '-1',
      STEVEDORE_MAIL_RULES: '['.repeat(60_000),
      SVC_API_BASE_URL: `http://${'\u0085'.repeat(100)}`,
    });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'STEVEDORE_MAIL_RULES',
      'STEVEDORE_PORT',
      'STEVEDORE_RATE_LIMIT_PER_MINUTE',
      'SVC_API_BASE_URL',
    ]);
    for (const problem of problems) expect(problem.length).toBeLessThan(800);
  });
});
