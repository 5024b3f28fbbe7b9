import { convertAzure } from './azure/index.js';
import { ObjectError } from './converted.js';
import { convertSharpHound } from './sharphound/index.js';
import { checkId, longerThan, MAX_ID_BYTES, MAX_INDEXED_BYTES, storable } from './storable.js';

const SID = 'S-1-5-21-1-1000';
const LONG_ID = `S-1-5-21-${'1'.repeat(MAX_ID_BYTES)}`;
const NUL_ID = 'S-1-5-21-1\u0000-512';
const LONE_SURROGATE_ID = 'S-1-5-21-1\ud800-512';

const group = (fields: object, Properties: object = {}) =>
  () => convertSharpHound('groups', 6, { ObjectIdentifier: SID, Properties, ...fields });

function refusal(convert: () => unknown): string {
  try {
    convert();
  } catch (error) {
    expect(error).toBeInstanceOf(ObjectError);
    return (error as Error).message;
  }
  throw new Error('expected an ObjectError');
}

describe('longerThan', () => {
  it('counts UTF-8 bytes', () => {
    expect(longerThan('a'.repeat(10), 10)).toBe(false);
    expect(longerThan('a'.repeat(11), 10)).toBe(true);
    expect(longerThan('é'.repeat(5), 10)).toBe(false);
    expect(longerThan('é'.repeat(6), 10)).toBe(true);
    expect(longerThan('€'.repeat(4), 11)).toBe(true);
    expect(longerThan('𝄞'.repeat(2), 8)).toBe(false);
    expect(longerThan('𝄞'.repeat(3), 11)).toBe(true);
  });
});

describe('checkId', () => {
  it('returns a storable id and refuses NUL or an overlong one', () => {
    expect(checkId(SID, 'id')).toBe(SID);
    expect(() => checkId(NUL_ID, 'id')).toThrow('id contains a NUL character');
    expect(() => checkId(LONE_SURROGATE_ID, 'id')).toThrow('id contains a lone surrogate');
    expect(checkId('S-1-😀', 'id')).toBe('S-1-😀');
    expect(() => checkId(LONG_ID, 'id')).toThrow(`id is longer than ${MAX_ID_BYTES} bytes`);
  });
});

describe('SharpHound objects PostgreSQL could not store', () => {
  it.each([
    ['an ObjectIdentifier with NUL', { ObjectIdentifier: NUL_ID }, 'ObjectIdentifier contains a NUL character'],
    ['an ObjectIdentifier with a lone surrogate', { ObjectIdentifier: LONE_SURROGATE_ID }, 'ObjectIdentifier contains a lone surrogate'],
    ['an overlong ObjectIdentifier', { ObjectIdentifier: LONG_ID }, `ObjectIdentifier is longer than ${MAX_ID_BYTES} bytes`],
    ['an ACE PrincipalSID with NUL', { Aces: [{ PrincipalSID: NUL_ID, RightName: 'GenericAll', PrincipalType: 'Group' }] },
      'ACE PrincipalSID contains a NUL character'],
    ['an overlong ACE PrincipalSID', { Aces: [{ PrincipalSID: LONG_ID, RightName: 'Owns', PrincipalType: 'Group' }] },
      `ACE PrincipalSID is longer than ${MAX_ID_BYTES} bytes`],
    ['a member with NUL', { Members: [{ ObjectIdentifier: NUL_ID, ObjectType: 'User' }] },
      'member ObjectIdentifier contains a NUL character'],
    ['a member with a lone surrogate', { Members: [{ ObjectIdentifier: LONE_SURROGATE_ID, ObjectType: 'User' }] },
      'member ObjectIdentifier contains a lone surrogate'],
    ['an overlong member', { Members: [{ ObjectIdentifier: LONG_ID, ObjectType: 'User' }] },
      `member ObjectIdentifier is longer than ${MAX_ID_BYTES} bytes`],
    ['an overlong DN member', { Members: [{ ObjectIdentifier: `DN=CN=${'x'.repeat(MAX_INDEXED_BYTES)}` }] },
      `member distinguishedname is longer than ${MAX_INDEXED_BYTES} bytes`],
    ['a ContainedBy with NUL', { ContainedBy: { ObjectIdentifier: NUL_ID, ObjectType: 'OU' } }, 'endpoint id contains a NUL character'],
    ['an overlong HasSIDHistory', { HasSIDHistory: [{ ObjectIdentifier: LONG_ID, ObjectType: 'Group' }] },
      `endpoint id is longer than ${MAX_ID_BYTES} bytes`],
  ])('refuses %s', (_case, fields, message) => {
    expect(refusal(group(fields))).toBe(message);
  });

  it.each(['name', 'distinguishedname', 'domainsid'])('refuses an overlong %s', (name) => {
    expect(refusal(group({}, { [name]: 'x'.repeat(MAX_INDEXED_BYTES + 1) })))
      .toBe(`property ${name} is longer than ${MAX_INDEXED_BYTES} bytes`);
  });

  it('refuses a multi-byte name past the limit in bytes, not characters', () => {
    expect(refusal(group({}, { name: 'é'.repeat(MAX_INDEXED_BYTES / 2 + 1) })))
      .toBe(`property name is longer than ${MAX_INDEXED_BYTES} bytes`);
    expect(group({}, { name: 'é'.repeat(MAX_INDEXED_BYTES / 2) })().nodes).toHaveLength(1);
  });

  it('refuses a session with an unstorable SID', () => {
    expect(refusal(() => convertSharpHound('sessions', 6, { ComputerSID: NUL_ID, UserSID: SID })))
      .toBe('endpoint id contains a NUL character');
  });

  it('removes NUL from values converters set outside the property cleaner', () => {
    const converted = group({
      InheritanceHashes: ['a\u0000b'],
      Aces: [{ PrincipalSID: 'S-1-5-21-1-512', RightName: 'GenericAll', PrincipalType: 'Group', InheritanceHash: 'h\u0000' }],
    })();
    expect(converted.nodes[0].properties.inheritancehashes).toEqual(['ab']);
    expect(converted.edges[0].properties.inheritancehash).toBe('h');
  });

  it('replaces lone surrogates in values converters set outside the property cleaner with U+FFFD', () => {
    const converted = group({
      InheritanceHashes: ['a\ud800b', 'c\ud83d\ude00'],
      Aces: [{ PrincipalSID: 'S-1-5-21-1-512', RightName: 'GenericAll', PrincipalType: 'Group', InheritanceHash: 'h\udc00' }],
    })();
    expect(converted.nodes[0].properties.inheritancehashes).toEqual(['a\ufffdb', 'c😀']);
    expect(converted.edges[0].properties.inheritancehash).toBe('h\ufffd');
  });

  it('keeps ordinary objects as they are', () => {
    const converted = group({ Members: [{ ObjectIdentifier: 'S-1-5-21-1-1001', ObjectType: 'User' }] }, { name: 'G@X.LOCAL' })();
    expect(converted.nodes[0]).toMatchObject({ objectid: SID, properties: { name: 'G@X.LOCAL' } });
    expect(converted.edges).toHaveLength(1);
  });
});

describe('Azure records PostgreSQL could not store', () => {
  const user = (data: object) => () => convertAzure({ kind: 'AZUser', data: { id: 'u1', tenantId: 't1', ...data } });

  it('refuses an overlong id', () => {
    expect(refusal(user({ id: 'u'.repeat(MAX_ID_BYTES + 1) }))).toBe(`AZUser id is longer than ${MAX_ID_BYTES} bytes`);
  });

  it('refuses an overlong tenant id (an edge end and an indexed property)', () => {
    expect(refusal(user({ tenantId: 't'.repeat(MAX_ID_BYTES + 1) }))).toMatch(/is longer than \d+ bytes$/);
  });

  it('refuses an overlong name', () => {
    expect(refusal(user({ userPrincipalName: 'n'.repeat(MAX_INDEXED_BYTES + 1) })))
      .toBe(`property name is longer than ${MAX_INDEXED_BYTES} bytes`);
  });
});

describe('storable', () => {
  it('refuses an overlong distinguishedname endpoint and passes a short one', () => {
    const edge = (dn: string) => ({
      nodes: [], edges: [{ start: { objectid: dn, kinds: [], matchBy: 'distinguishedname' as const }, end: { objectid: SID, kinds: [] }, kind: 'MemberOf', properties: {} }],
    });
    expect(() => storable(edge('x'.repeat(MAX_INDEXED_BYTES + 1)))).toThrow(ObjectError);
    expect(storable(edge('CN=A')).edges).toHaveLength(1);
  });
});
