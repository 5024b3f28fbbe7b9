import { describe, expect, it } from '@jest/globals';
import { ApiFailure } from './client';
import { failureMessage, isAbort } from './failure-message';

const failure = (status: number, ...messages: string[]) =>
  new ApiFailure(status, messages.map((message) => ({ context: '', message })));

describe('failureMessage', () => {
  it("gives the server's own messages", () => {
    expect(failureMessage(failure(400, 'name is required', 'limit too big'))).toBe('name is required; limit too big');
    expect(failureMessage(failure(500, 'the graph database is unavailable'))).toBe('the graph database is unavailable');
  });

  it('words a bare status, never "HTTP 500" alone', () => {
    expect(failureMessage(failure(500, 'HTTP 500'))).toBe('The server failed (HTTP 500).');
    expect(failureMessage(failure(404, 'HTTP 404'))).toBe('Not found.');
    expect(failureMessage(failure(413))).toBe('The file is too large.');
    expect(failureMessage(failure(409, 'HTTP 409'), 'The token could not be created')).toBe('The token could not be created (HTTP 409).');
  });

  it('says a 403 is a permission problem, with the reason when the server gives one', () => {
    expect(failureMessage(failure(403, 'HTTP 403'))).toBe('You do not have permission to do this.');
    expect(failureMessage(failure(403, 'default selectors cannot be deleted'))).toBe('Not allowed: default selectors cannot be deleted');
  });

  it('asks to wait on throttling', () => {
    expect(failureMessage(failure(429, 'too many requests, try again later'))).toBe('Too many requests: try again in a moment.');
  });

  it('says a lost connection plainly, and other errors by their message', () => {
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe('The server could not be reached.');
    expect(failureMessage(new Error('The server answered no job id'))).toBe('The server answered no job id');
    expect(failureMessage('odd', 'Sign-in failed')).toBe('Sign-in failed');
  });
});

describe('isAbort', () => {
  it('knows an aborted request', () => {
    expect(isAbort(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isAbort(new Error('AbortError'))).toBe(false);
  });
});
