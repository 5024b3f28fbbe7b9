import { describe, expect, it } from '@jest/globals';
import { expandParents, ExpansionTooLarge, type ParentReader } from './expansion.js';
import { MemberSource } from './selector.js';

/**
 * DOMAIN contains OU_TOP (GPO_TOP linked) > OU_MID > DA_GROUP and ALICE; OU_MID also holds a GPO link; CN_USERS
 * (a container under CN_OUTER) holds BOB (ACL not protected) and ADMIN (ACL protected); an OU under a container is
 * reached only as an OU; GPO_DOMAIN is linked to the domain, not a member.
 */
const CONTAINS: [parent: string, child: string][] = [
  ['DOMAIN', 'OU_TOP'], ['OU_TOP', 'OU_MID'], ['OU_MID', 'DA_GROUP'], ['OU_MID', 'ALICE'],
  ['DOMAIN', 'CN_OUTER'], ['CN_OUTER', 'CN_USERS'], ['CN_USERS', 'BOB'], ['CN_USERS', 'ADMIN'],
  ['CN_OUTER', 'OU_IN_CN'], ['OU_IN_CN', 'CAROL'],
];
const KIND: Record<string, string> = {
  DOMAIN: 'Domain', OU_TOP: 'OU', OU_MID: 'OU', OU_IN_CN: 'OU', CN_OUTER: 'Container', CN_USERS: 'Container',
};
const LINKS: [gpo: string, target: string][] = [['GPO_TOP', 'OU_TOP'], ['GPO_MID', 'OU_MID'], ['GPO_DOMAIN', 'DOMAIN'], ['GPO_DA', 'DA_GROUP']];
const ACL_OPEN = new Set(['BOB', 'CAROL']);

const reader: ParentReader = {
  containedBy: async (ids, kind) => CONTAINS.filter(([parent, child]) => ids.includes(child) && KIND[parent] === kind)
    .map(([parent, child]) => ({ parent, child })),
  linkedGpos: async (ids) => LINKS.filter(([, target]) => ids.includes(target)).map(([gpo]) => gpo),
  aclUnprotected: async (ids) => ids.filter((id) => ACL_OPEN.has(id)),
};
const selected = (...ids: string[]) => ids.map((id) => ({ id, source: MemberSource.Child }));
const parentsOf = async (...ids: string[]) => (await expandParents(selected(...ids), reader)).map((p) => p.id).sort();

describe('expandParents', () => {
  it('adds every OU above a member through OUs alone, and the GPOs linked to the member or those OUs', async () => {
    expect(await parentsOf('ALICE')).toEqual(['GPO_MID', 'GPO_TOP', 'OU_MID', 'OU_TOP']);
    expect(await parentsOf('DA_GROUP')).toEqual(['GPO_DA', 'GPO_MID', 'GPO_TOP', 'OU_MID', 'OU_TOP']);
    expect((await expandParents(selected('ALICE'), reader)).every((p) => p.source === MemberSource.Parent)).toBe(true);
  });

  it('adds the containers above a member only when its ACL is not protected, through containers alone', async () => {
    expect(await parentsOf('BOB')).toEqual(['CN_OUTER', 'CN_USERS']);
    expect(await parentsOf('ADMIN')).toEqual([]);
    // CAROL's OU sits in a container: the OU counts, the container above it does not (the chain changes kind).
    expect(await parentsOf('CAROL')).toEqual(['OU_IN_CN']);
  });

  it('links GPOs to a selected domain but adds nothing above it, and never lists a selected node as a parent', async () => {
    expect(await parentsOf('DOMAIN')).toEqual(['GPO_DOMAIN']);
    expect(await parentsOf('ALICE', 'OU_MID')).toEqual(['GPO_MID', 'GPO_TOP', 'OU_TOP']);
  });

  it('refuses a selection that its parents take past the member limit', async () => {
    await expect(expandParents(selected('ALICE'), reader, { maxDepth: 64, maxMembers: 3 })).rejects.toBeInstanceOf(ExpansionTooLarge);
  });
});
