import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@app/platform';
import { readWipeRequest } from './database-wipe-bodies.js';

const refusal = (raw: unknown) => {
  try {
    readWipeRequest(raw);
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.messages[0]}` : String(error);
  }
  return 'read';
};

describe('readWipeRequest', () => {
  it('reads every field, matching names without regard to case, absent and null as false or empty', () => {
    expect(readWipeRequest({
      DeleteCollectedGraphData: true, deletesourcekinds: [1, null], deleteRelationships: ['HasSession', null],
      deleteFileIngestHistory: null, deleteAssetGroupSelectors: [2],
    })).toEqual({
      deleteCollectedGraphData: true, deleteSourceKinds: [1, 0], deleteRelationships: ['HasSession', ''],
      deleteFileIngestHistory: false, deleteDataQualityHistory: false, deleteAssetGroupSelectors: [2],
    });
  });

  it('answers 400 JSON malformed. for anything Go could not decode', () => {
    for (const raw of [undefined, null, [], 'x', { deleteCollectedGraphData: 1 }, { deleteSourceKinds: 1 },
      { deleteSourceKinds: [1.5] }, { deleteSourceKinds: ['1'] }, { deleteRelationships: [1] },
      { deleteAssetGroupSelectors: [2 ** 64] }]) {
      expect(refusal(raw)).toBe('400 JSON malformed.');
    }
  });

  it('answers 400 for a list of more than 1000 items (each named asset group is looked up)', () => {
    const many = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect(refusal({ deleteAssetGroupSelectors: many })).toBe('400 deleteAssetGroupSelectors may name at most 1000 items');
    expect(refusal({ DELETERELATIONSHIPS: many.map(String) })).toBe('400 deleteRelationships may name at most 1000 items');
    expect(refusal({ deleteAssetGroupSelectors: many.slice(0, 1000) })).toBe('read');
  });
});
