import { describe, expect, it } from '@jest/globals';
import { apiErrorOfCall } from '@app/platform/testing';
import { checkUserText, MAX_USER_TEXT_LENGTH, userTextProblem } from './user-rules.js';

const LONG = 'x'.repeat(MAX_USER_TEXT_LENGTH + 1);

describe('userTextProblem', () => {
  it('accepts text within the rules; absent and null fields are not judged', () => {
    expect(userTextProblem({ principalName: 'jdoe', emailAddress: 'j@example.com', firstName: 'J', lastName: 'D' }))
      .toBeUndefined();
    expect(userTextProblem({})).toBeUndefined();
    expect(userTextProblem({ principalName: 'x'.repeat(MAX_USER_TEXT_LENGTH), emailAddress: null, firstName: null }))
      .toBeUndefined();
  });

  it('counts characters as the API\'s validation does (an emoji is one)', () => {
    expect(userTextProblem({ firstName: '\u{1F600}'.repeat(MAX_USER_TEXT_LENGTH) })).toBeUndefined();
  });

  it.each([
    [{ principalName: '' }, { field: 'principalName', rule: 'empty' }],
    [{ principalName: LONG }, { field: 'principalName', rule: 'tooLong' }],
    [{ lastName: LONG }, { field: 'lastName', rule: 'tooLong' }],
    [{ emailAddress: 'erin' }, { field: 'emailAddress', rule: 'notEmail' }],
    [{ emailAddress: '' }, { field: 'emailAddress', rule: 'notEmail' }],
  ])('finds %j', (text, problem) => {
    expect(userTextProblem(text)).toEqual(problem);
  });

  it('finds an empty principal first, then lengths (principal, email, first, last name), then the email', () => {
    expect(userTextProblem({ principalName: '', firstName: LONG })).toEqual({ field: 'principalName', rule: 'empty' });
    expect(userTextProblem({ firstName: LONG, emailAddress: `${LONG}@example.com` }))
      .toEqual({ field: 'emailAddress', rule: 'tooLong' });
    expect(userTextProblem({ emailAddress: 'erin', lastName: LONG })).toEqual({ field: 'lastName', rule: 'tooLong' });
  });
});

describe('checkUserText', () => {
  it.each([
    [{ principalName: '' }, 'principal should not be empty'],
    [{ principalName: LONG }, 'principal must be shorter than or equal to 1000 characters'],
    [{ firstName: LONG }, 'first_name must be shorter than or equal to 1000 characters'],
    [{ emailAddress: 'erin' }, 'email_address must be an email'],
  ])('answers %j with 400 and the API\'s message', (text, message) => {
    const error = apiErrorOfCall(() => checkUserText(text));
    expect([error.status, error.messages]).toEqual([400, [message]]);
  });
});
