import { describe, expect, it } from '@jest/globals';
import { describeAnalysis } from './analyze.command.js';

describe('describeAnalysis', () => {
  it('counts the rows of every step, the tags and the posture rows', () => {
    const report = { steps: [{ step: 'a', changed: 3 }, { step: 'b', changed: 4 }], tags: 2, postureRows: 0 };
    expect(describeAnalysis(report)).toBe('Analysis complete: 7 rows from post-processing, 2 tags evaluated, 0 posture rows.');
  });

  it('says "1 row", "1 tag" and "1 posture row" for one of each', () => {
    const report = { steps: [{ step: 'a', changed: 1 }], tags: 1, postureRows: 1 };
    expect(describeAnalysis(report)).toBe('Analysis complete: 1 row from post-processing, 1 tag evaluated, 1 posture row.');
  });
});
