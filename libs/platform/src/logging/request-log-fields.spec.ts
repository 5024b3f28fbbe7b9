import { describe, expect, it } from '@jest/globals';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRINCIPAL_KEY, type Principal } from '../http/access.js';
import { LOGGED_MESSAGE_CHARS, noteErrorMessages, requestLogFields } from './request-log-fields.js';

const request = (principal?: Partial<Principal>) => ({ [PRINCIPAL_KEY]: principal }) as unknown as IncomingMessage;
const response = () => ({}) as ServerResponse;
const base = { ssoProviderId: null, permissions: new Set(['auth:ManageSelf']) };

describe('requestLogFields', () => {
  it('adds nothing to an anonymous success', () => {
    expect(requestLogFields(request(), response())).toEqual({});
  });

  it("names a session's user, never the session", () => {
    const principal = { ...base, userId: 'u-1', via: 'session' as const, sessionId: 'session-secret-id' };
    expect(requestLogFields(request(principal), response())).toEqual({ principal: { via: 'session', user_id: 'u-1' } });
  });

  it("names an API token's user and the token by id", () => {
    const principal = { ...base, userId: 'u-1', via: 'token' as const, tokenId: 't-9' };
    expect(requestLogFields(request(principal), response())).toEqual({ principal: { via: 'token', user_id: 'u-1', token_id: 't-9' } });
  });

  it('names a collection client by its id', () => {
    const principal = { ...base, userId: 'c-4', via: 'client' as const, clientId: 'c-4' };
    expect(requestLogFields(request(principal), response())).toEqual({ principal: { via: 'client', client_id: 'c-4' } });
  });

  it('carries the messages of the error answered, each capped', () => {
    const res = response();
    noteErrorMessages(res, ['not authorized', 'x'.repeat(LOGGED_MESSAGE_CHARS + 10)]);
    expect(requestLogFields(request(), res)).toEqual({ errors: ['not authorized', 'x'.repeat(LOGGED_MESSAGE_CHARS)] });
  });
});
