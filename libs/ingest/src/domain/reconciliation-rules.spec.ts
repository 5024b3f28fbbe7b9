import { describe, expect, it } from '@jest/globals';
import type { FileScope } from './collection-scope.js';
import { ScopeTally } from './collection-scope.js';
import { planReconciliation } from './reconciliation-rules.js';

const D = 'S-1-5-21-1';
const DEFAULT_METHODS = 521215;
const T0 = '2031-01-01T00:00:00.000Z';
const T1 = '2031-01-01T00:00:05.000Z';

const file = (type: FileScope['type'], fields: Partial<FileScope> = {}): FileScope =>
  ({ type, methods: DEFAULT_METHODS, seenAt: T1, failed: false, covers: [], uncollected: {}, ...fields });
const domains = (...covers: string[]) => file('domains', { covers });
const families = (files: FileScope[]) => planReconciliation(files)?.edges.map((rule) => `${rule.family}:${rule.owner}:${rule.ownerKinds.join('+')}`);

describe('planReconciliation', () => {
  it('removes nothing without a domain object: a collection of one OU, or of files alone', () => {
    expect(planReconciliation([file('users'), file('groups')])).toBeUndefined();
    expect(planReconciliation([])).toBeUndefined();
  });

  it('starts at the earliest file and covers the domains reported', () => {
    const plan = planReconciliation([file('users', { seenAt: T1 }), domains(D, 'S-1-5-21-2'), file('groups', { seenAt: T0 })]);
    expect(plan?.since).toBe(T0);
    expect(plan?.objects).toEqual([{ kinds: ['User', 'Domain', 'Group'], scope: { property: 'domainsid', values: [D, 'S-1-5-21-2'] } }]);
  });

  it('reconciles each family only where the files that list it ran its method', () => {
    expect(families([{ ...domains(D), methods: 1 }, file('groups', { methods: 1 })])).toEqual(['members:end:Group']);
    // Sessions only (Session | LoggedOn): no membership, no ACE, no object.
    const sessionsOnly = [{ ...domains(D), methods: 8 | 16 }, file('computers', { methods: 8 | 16 }), file('groups', { methods: 8 | 16 })];
    expect(families(sessionsOnly)).toEqual(['sessions:start:Computer']);
    expect(planReconciliation(sessionsOnly)?.objects).toEqual([]);
  });

  it('tells a group\'s members from an account\'s primary group', () => {
    const rules = planReconciliation([domains(D), file('groups'), file('users')])?.edges.filter((rule) => rule.kinds.includes('MemberOf'));
    expect(rules?.map((rule) => [rule.family, rule.owner, rule.primaryGroup, rule.ownerKinds])).toEqual([
      ['members', 'end', false, ['Group']], ['primaryGroup', 'start', true, ['User']],
    ]);
  });

  it('leaves out the computers whose lists the collector could not read', () => {
    const plan = planReconciliation([domains(D), file('computers', { uncollected: { sessions: ['C1'], localGroups: ['C2'] } })]);
    const byFamily = Object.fromEntries(plan?.edges.map((rule) => [`${rule.family}:${rule.owner}`, rule.exceptOwners]) ?? []);
    expect(byFamily).toMatchObject({ 'sessions:start': ['C1'], 'localGroups:localGroup': ['C2'], 'localGroups:end': ['C2'], 'userRights:end': [] });
    // Local group members are found through LocalToComputer: they go first.
    const order = plan?.edges.map((rule) => rule.kinds[0]);
    expect(order?.indexOf('MemberOfLocalGroup')).toBeLessThan(order?.indexOf('LocalToComputer') ?? -1);
  });

  it('removes nothing of a type whose file failed, and nothing at all after a file nobody could read', () => {
    const plan = planReconciliation([domains(D), file('users'), file('users', { failed: true }), file('groups')]);
    expect(plan?.objects[0].kinds).toEqual(['Domain', 'Group']);
    expect(plan?.edges.some((rule) => rule.ownerKinds.includes('User'))).toBe(false);
    expect(planReconciliation([domains(D), file('groups'), file(undefined, { failed: true })])).toBeUndefined();
  });

  it('removes nothing for files that do not say their methods', () => {
    expect(planReconciliation([domains(D), file('users', { methods: 0 })].map((f) => ({ ...f, methods: 0 })))).toBeUndefined();
  });

  it('reconciles a tenant AzureHound collected whole, from either end of its edges', () => {
    const plan = planReconciliation([file('azure', { methods: 0, covers: ['TENANT-1'] })]);
    expect(plan?.edges.map((rule) => [rule.family, rule.owner, rule.scope])).toEqual([
      ['azure', 'start', { property: 'tenantid', values: ['TENANT-1'] }], ['azure', 'end', { property: 'tenantid', values: ['TENANT-1'] }],
    ]);
    expect(plan?.edges[0].kinds).toContain('AZMemberOf');
    expect(plan?.edges[0].kinds).not.toContain('MemberOf');
    expect(plan?.objects[0].kinds).toContain('AZUser');
  });
});

describe('ScopeTally', () => {
  const converted = (objectid: string, kinds: string[], properties: Record<string, unknown> = {}) =>
    ({ nodes: [{ objectid, kinds, properties }], edges: [] });

  it('covers the domains of a domains file and the tenants AzureHound marked collected', () => {
    const domainsTally = new ScopeTally('domains', 1, T0);
    domainsTally.add({}, converted(D, ['Domain']));
    expect(domainsTally.scope(false)).toEqual({ type: 'domains', methods: 1, seenAt: T0, failed: false, covers: [D], uncollected: {} });
    const azure = new ScopeTally('azure', 0, T0);
    azure.add({}, converted('T1', ['AZTenant'], { collected: true }));
    azure.add({}, converted('T2', ['AZTenant']));
    azure.add({}, converted('U1', ['AZUser']));
    expect(azure.scope(false).covers).toEqual(['T1']);
  });

  it('notes the computers whose sessions, local groups or user rights were not collected', () => {
    const tally = new ScopeTally('computers', DEFAULT_METHODS, T0);
    tally.add({
      Sessions: { Collected: false }, PrivilegedSessions: { Collected: true, Results: [] },
      LocalGroups: [{ Collected: true }], UserRights: [],
    }, converted('C1', ['Computer']));
    tally.add({ Sessions: { Collected: false }, LocalGroups: [{ Collected: false }] }, converted('C2', ['Computer']));
    expect(tally.scope(false).uncollected).toEqual({ userRights: ['C1', 'C2'], sessions: ['C2'], localGroups: ['C2'] });
  });
});
