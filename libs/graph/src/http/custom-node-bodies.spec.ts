import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@app/platform';
import { readCreateCustomNodes, readUpdateCustomNode } from './custom-node-bodies.js';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.messages[0]}` : String(error);
  }
  return 'read';
};

describe('custom node bodies', () => {
  it('reads the kinds in the order sent; null configurations and icons are empty', () => {
    expect(readCreateCustomNodes({
      Custom_Types: { B: { Icon: { type: 'font-awesome', name: 'user' } }, A: null, C: { icon: null } },
    })).toEqual([
      ['B', { icon: { type: 'font-awesome', name: 'user', color: '' } }],
      ['A', { icon: { type: '', name: '', color: '' } }],
      ['C', { icon: { type: '', name: '', color: '' } }],
    ]);
    expect(readCreateCustomNodes({})).toEqual([]);
    expect(readCreateCustomNodes({ custom_types: null })).toEqual([]);
  });

  it('reads an update body', () => {
    expect(readUpdateCustomNode({ config: { icon: { type: 'font-awesome', name: 'x', color: '#000' } } }))
      .toEqual({ icon: { type: 'font-awesome', name: 'x', color: '#000' } });
  });

  it('answers 400 error unmarshalling JSON payload for what Go could not decode', () => {
    for (const raw of [undefined, [], { custom_types: [] }, { custom_types: { A: 'x' } },
      { custom_types: { A: { icon: 'x' } } }, { custom_types: { A: { icon: { type: 1 } } } }]) {
      expect(refusal(() => readCreateCustomNodes(raw))).toBe('400 error unmarshalling JSON payload');
    }
    for (const raw of [null, { config: 1 }, { config: { icon: { color: false } } }]) {
      expect(refusal(() => readUpdateCustomNode(raw))).toBe('400 error unmarshalling JSON payload');
    }
  });
});
