import { describe, expect, it } from '@jest/globals';
import { selectorChanges } from './owned-api';

describe('selectorChanges', () => {
  it('adds a selector named by the object id', () => {
    expect(selectorChanges('S-1', true, [])).toEqual([{ selector_name: 'S-1', sid: 'S-1', action: 'add' }]);
  });

  it('removes ours and every other custom selector of that object id', () => {
    expect(selectorChanges('S-1', false, [{ name: 'bob owned', selector: 'S-1' }, { name: 'other', selector: 'S-2' }])).toEqual([
      { selector_name: 'S-1', sid: 'S-1', action: 'remove' },
      { selector_name: 'bob owned', sid: 'S-1', action: 'remove' },
    ]);
  });
});
