import { describe, expect, it } from '@jest/globals';
import { canChange, canRead, canSeeSharing, shareVerdict, unshareVerdict } from './access-rules.js';
import type { QuerySharing } from './saved-query.js';

const OWNER = 'owner';
const OTHER = 'other';
const query = { userId: OWNER };
const owner = { userId: OWNER, isAdmin: false };
const ownerAdmin = { userId: OWNER, isAdmin: true };
const other = { userId: OTHER, isAdmin: false };
const admin = { userId: 'admin', isAdmin: true };
const PRIVATE: QuerySharing = { isPublic: false, sharedTo: [] };
const PUBLIC: QuerySharing = { isPublic: true, sharedTo: [] };
const SHARED: QuerySharing = { isPublic: false, sharedTo: [OTHER] };

describe('canRead', () => {
  it('lets the owner and an admin read a private query, and nobody else', () => {
    expect([canRead(query, PRIVATE, owner), canRead(query, PRIVATE, admin), canRead(query, PRIVATE, other)])
      .toEqual([true, true, false]);
  });

  it('lets anyone read a public query, and the users it is shared to a shared one', () => {
    expect(canRead(query, PUBLIC, other)).toBe(true);
    expect(canRead(query, SHARED, other)).toBe(true);
    expect(canRead(query, SHARED, { userId: 'third', isAdmin: false })).toBe(false);
  });
});

describe('canChange', () => {
  it('lets the owner change their query, public or not', () => {
    expect([canChange(query, PRIVATE, owner), canChange(query, PUBLIC, owner)]).toEqual([true, true]);
  });

  it("lets an admin change another user's public query but not their private or shared one", () => {
    expect([canChange(query, PUBLIC, admin), canChange(query, PRIVATE, admin), canChange(query, SHARED, admin)])
      .toEqual([true, false, false]);
  });

  it('never lets a user the query is shared to change it', () => {
    expect([canChange(query, SHARED, other), canChange(query, PUBLIC, other)]).toEqual([false, false]);
  });
});

describe('canSeeSharing', () => {
  it('shows who a query is shared to to its owner and admins, and to anyone when public, not to a share target', () => {
    expect([canSeeSharing(query, SHARED, owner), canSeeSharing(query, SHARED, admin), canSeeSharing(query, SHARED, other)])
      .toEqual([true, true, false]);
    expect(canSeeSharing(query, PUBLIC, other)).toBe(true);
  });
});

describe('shareVerdict', () => {
  const publish = { isPublic: true, userIds: [] };
  const makePrivate = { isPublic: false, userIds: [] };
  const toOther = { isPublic: false, userIds: [OTHER] };

  it('lets the owner of a private query publish it, share it, or keep it private', () => {
    expect([shareVerdict(query, PRIVATE, owner, publish), shareVerdict(query, PRIVATE, owner, toOther),
      shareVerdict(query, SHARED, owner, makePrivate)]).toEqual(['allowed', 'allowed', 'allowed']);
  });

  it('refuses sharing a query to its own owner', () => {
    expect(shareVerdict(query, PRIVATE, owner, { isPublic: false, userIds: [OTHER, OWNER] })).toBe('self-share');
    expect(shareVerdict(query, PRIVATE, ownerAdmin, { isPublic: false, userIds: [OWNER] })).toBe('self-share');
  });

  it('forbids a non-admin owner any change to their public query (only an admin un-publishes)', () => {
    expect([shareVerdict(query, PUBLIC, owner, makePrivate), shareVerdict(query, PUBLIC, owner, toOther)])
      .toEqual(['forbidden', 'forbidden']);
  });

  it("forbids a non-owner, non-admin any change, even to a query shared to them", () => {
    for (const request of [publish, makePrivate, toOther]) expect(shareVerdict(query, SHARED, other, request)).toBe('forbidden');
  });

  it("lets an admin un-publish another user's public query, and refuses sharing it to users first", () => {
    expect(shareVerdict(query, PUBLIC, admin, makePrivate)).toBe('allowed');
    expect(shareVerdict(query, PUBLIC, admin, publish)).toBe('allowed');
    expect(shareVerdict(query, PUBLIC, admin, toOther)).toBe('public-share');
    expect(shareVerdict(query, PUBLIC, ownerAdmin, toOther)).toBe('public-share');
  });

  it("forbids an admin to publish, share or unshare another user's private query", () => {
    for (const request of [publish, makePrivate, toOther]) expect(shareVerdict(query, SHARED, admin, request)).toBe('forbidden');
  });
});

describe('unshareVerdict', () => {
  it('lets a user remove their own share, and nobody else\'s', () => {
    expect(unshareVerdict(query, SHARED, other, [OTHER])).toBe('allowed');
    expect(unshareVerdict(query, { isPublic: false, sharedTo: [OTHER, 'third'] }, other, [OTHER, 'third'])).toBe('forbidden');
    expect(unshareVerdict(query, SHARED, other, [])).toBe('forbidden');
  });

  it('refuses removing a share to oneself that does not exist', () => {
    expect(unshareVerdict(query, PRIVATE, owner, [OWNER])).toBe('not-shared-to-self');
    expect(unshareVerdict(query, PUBLIC, other, [OTHER])).toBe('not-shared-to-self');
  });

  it('lets the owner and an admin remove any share, or every permission at once', () => {
    expect([unshareVerdict(query, SHARED, owner, [OTHER]), unshareVerdict(query, PUBLIC, owner, []),
      unshareVerdict(query, SHARED, admin, [OTHER]), unshareVerdict(query, PUBLIC, admin, [])])
      .toEqual(['allowed', 'allowed', 'allowed', 'allowed']);
  });
});
