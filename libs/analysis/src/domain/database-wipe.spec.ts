import { describe, expect, it } from '@jest/globals';
import { planWipe, type WipeRequest } from './database-wipe.js';

const NOTHING: WipeRequest = {
  deleteCollectedGraphData: false, deleteSourceKinds: [], deleteRelationships: [], deleteFileIngestHistory: false,
  deleteDataQualityHistory: false, deleteAssetGroupSelectors: [],
};
const plan = (fields: Partial<WipeRequest>) => planWipe({ ...NOTHING, ...fields });

describe('planWipe', () => {
  it('refuses a request that selects nothing', () => {
    expect(plan({})).toEqual({ reason: 'nothingSelected' });
  });

  it('counts each field as a selection', () => {
    for (const fields of [
      { deleteRelationships: ['HasSession'] }, { deleteFileIngestHistory: true }, { deleteDataQualityHistory: true },
      { deleteAssetGroupSelectors: [1] },
    ]) expect(plan(fields)).toEqual({ graph: null });
  });

  it('refuses graph data and source kinds together', () => {
    expect(plan({ deleteCollectedGraphData: true, deleteSourceKinds: [1] })).toEqual({ reason: 'graphAndSourceKinds' });
  });

  it('wipes the whole graph for deleteCollectedGraphData', () => {
    expect(plan({ deleteCollectedGraphData: true })).toEqual({
      graph: { all: true, sourceKinds: [], sourceless: false, edgeKinds: [] },
    });
  });

  it('names source kinds by their ids, 0 being the sourceless nodes', () => {
    expect(plan({ deleteSourceKinds: [2, 0, 1, 2] })).toEqual({
      graph: { all: false, sourceKinds: ['AZBase', 'Base'], sourceless: true, edgeKinds: [] },
    });
    expect(plan({ deleteSourceKinds: [0] })).toEqual({
      graph: { all: false, sourceKinds: [], sourceless: true, edgeKinds: [] },
    });
  });

  it('refuses an unknown source kind id, naming the first', () => {
    expect(plan({ deleteSourceKinds: [1, 7, 9] })).toEqual({ reason: 'unknownSourceKind', id: 7 });
  });
});
