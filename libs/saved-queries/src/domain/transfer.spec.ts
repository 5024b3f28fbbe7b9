import { describe, expect, it } from '@jest/globals';
import { exportFileName, isSkippedMember, transferText, uniqueFileNames } from './transfer.js';

describe('transferText', () => {
  it('writes query, name and description in that order, nothing else', () => {
    expect(transferText({ name: 'n', query: 'MATCH (n) RETURN n', description: '' }))
      .toBe('{"query":"MATCH (n) RETURN n","name":"n","description":""}');
  });
});

describe('exportFileName', () => {
  it('names the file after the last path segment of the name, as filepath.Base does', () => {
    expect(exportFileName('Kerberoastable users')).toBe('Kerberoastable users.json');
    expect(exportFileName('a/b/c')).toBe('c.json');
    expect(exportFileName('dir/')).toBe('dir.json');
  });

  it('replaces what no file name can hold, and names nothing, `.` or `..` as `_`', () => {
    expect(exportFileName('a\\b\r\nc')).toBe('a_b__c.json');
    expect([exportFileName('/'), exportFileName('..'), exportFileName('x/.')]).toEqual(['_.json', '_.json', '_.json']);
  });
});

describe('uniqueFileNames', () => {
  it('numbers later duplicates (without regard to case) so no zip member hides another', () => {
    expect(uniqueFileNames(['q', 'a/q', 'Q', 'r'])).toEqual(['q.json', 'q (2).json', 'Q (3).json', 'r.json']);
  });
});

describe('isSkippedMember', () => {
  it('skips macOS resource forks and hidden files', () => {
    expect(['__MACOSX/._q.json', '.DS_Store', 'dir/.hidden.json'].map(isSkippedMember)).toEqual([true, true, true]);
    expect(['q.json', 'dir/q.json'].map(isSkippedMember)).toEqual([false, false]);
  });
});
