import { describe, expect, it } from '@jest/globals';
import { passwordProblems } from './password-policy.js';

describe('passwordProblems', () => {
  it('accepts a long mixed secret', () => {
    expect(passwordProblems('Correct-Horse-9-Battery')).toEqual([]);
  });

  it('names every missing ingredient in the reference wording', () => {
    expect(passwordProblems('short')).toEqual([
      'Secret: must have at least 12 characters',
      'Secret: must have at least 1 uppercase characters',
      'Secret: must have at least 1 special characters',
      'Secret: must have at least 1 numeric characters',
    ]);
  });

  it('refuses control characters', () => {
    expect(passwordProblems('Correct-Horse\t9-Battery')).toEqual([
      'Secret: cannot contain control characters (tabs, newline, etc.)',
    ]);
  });
});
