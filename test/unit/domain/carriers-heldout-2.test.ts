import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOG } from '../../../src/domain/carriers/carrier-catalog.ts';
import { inferNumber } from '../../../src/domain/carriers/infer-number.ts';
import heldoutJson from '../../fixtures/carriers/heldout-numbers-2.json' with { type: 'json' };
import { describeFigures, figures, heldoutSet, score } from './carriers-scoring.ts';

const scored = score(heldoutSet.parse(heldoutJson).numbers, (input) => inferNumber(input, CARRIER_CATALOG));

describe('carrier inference on the second held-out batch', () => {
  it('prints its figures', () => {
    console.info(
      describeFigures('held-out batch 2 (test/fixtures/carriers/heldout-numbers-2.json)', figures(scored)),
    );
    for (const { entry, result } of scored) {
      const exp = entry.expect;
      if ('refused' in exp) {
        if (!('unreadable' in result))
          console.info(
            `NOT REFUSED ${entry.family} ${JSON.stringify(entry.input)} ${result.numberType} ${result.selected?.scac}`,
          );
        continue;
      }
      if ('unreadable' in result) {
        console.info(`REFUSED ${entry.family} ${JSON.stringify(entry.input)}`);
        continue;
      }
      const sel = result.selected?.scac ?? null;
      if (sel !== exp.scac || result.numberType !== exp.number_type)
        console.info(
          `MISS ${entry.family} ${entry.input} want ${exp.number_type}/${exp.scac} got ${result.numberType}/${sel} ${result.decision} ${JSON.stringify(result.candidates.slice(0, 3).map((c) => `${c.scac}:${c.confidence}`))}`,
        );
    }
  });
});
