import { describe, expect, it } from '@jest/globals';
import { entityRouteOf, infoCall, listCall, PANEL_TYPES, panelLists, UnusableObjectId } from './entity-routes';

describe('entityRouteOf', () => {
  it('maps AD kinds to their entity types', () => {
    const expected: Record<string, string> = {
      User: 'users', Computer: 'computers', Group: 'groups', Domain: 'domains', OU: 'ous', GPO: 'gpos', Container: 'containers',
      AIACA: 'aiacas', RootCA: 'rootcas', EnterpriseCA: 'enterprisecas', NTAuthStore: 'ntauthstores', CertTemplate: 'certtemplates',
      IssuancePolicy: 'issuancepolicies',
    };
    for (const [kind, type] of Object.entries(expected)) expect(entityRouteOf(kind)).toEqual({ platform: 'ad', type });
  });

  it('maps Azure kinds to the Azure entity types, other Azure nodes to az-base', () => {
    expect(entityRouteOf('AZUser')).toEqual({ platform: 'azure', type: 'users' });
    expect(entityRouteOf('AZServicePrincipal')).toEqual({ platform: 'azure', type: 'service-principals' });
    expect(entityRouteOf('AZApp')).toEqual({ platform: 'azure', type: 'applications' });
    expect(entityRouteOf('AZVM')).toEqual({ platform: 'azure', type: 'vms' });
    expect(entityRouteOf('AZRoleEligibilitySchedule', ['AZBase', 'AZRoleEligibilitySchedule'])).toEqual({ platform: 'azure', type: 'az-base' });
  });

  it('finds the type among the kinds when the primary kind has none', () => {
    expect(entityRouteOf('Tag_Tier_Zero', ['Tag_Tier_Zero', 'Base', 'Group'])).toEqual({ platform: 'ad', type: 'groups' });
  });

  it('falls back to base for other AD nodes, and to nothing for nodes no endpoint finds', () => {
    expect(entityRouteOf('Base', ['Base'])).toEqual({ platform: 'ad', type: 'base' });
    expect(entityRouteOf('Custom', ['Custom', 'Base'])).toEqual({ platform: 'ad', type: 'base' });
    expect(entityRouteOf('Custom', ['Custom'])).toBeNull();
    expect(entityRouteOf(undefined, [])).toBeNull();
  });

  it('takes no kind from the object prototype ("constructor", "toString", "__proto__")', () => {
    for (const kind of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(entityRouteOf(kind, [kind, 'Base'])).toEqual({ platform: 'ad', type: 'base' });
      expect(entityRouteOf(kind)).toEqual({ platform: 'ad', type: 'base' });
      expect(entityRouteOf(kind, [kind])).toBeNull();
    }
    expect(panelLists({ platform: 'ad', type: 'constructor' })).toEqual([]);
    expect(panelLists({ platform: 'azure', type: '__proto__' })).toEqual([]);
  });

  it('guesses from the kind alone when the kinds are unknown', () => {
    expect(entityRouteOf('AZFoo')).toEqual({ platform: 'azure', type: 'az-base' });
    expect(entityRouteOf('Foo')).toEqual({ platform: 'ad', type: 'base' });
  });
});

describe('calls', () => {
  it('puts AD object ids in the path, encoded', () => {
    expect(infoCall({ platform: 'ad', type: 'groups' }, 'S-1-5-21-1-512')).toEqual({ path: '/api/v2/groups/S-1-5-21-1-512', query: { counts: true } });
    expect(infoCall({ platform: 'ad', type: 'base' }, 'a/b?c#d').path).toBe('/api/v2/base/a%2Fb%3Fc%23d');
    const members = panelLists({ platform: 'ad', type: 'groups' }).find((l) => l.label === 'Members')!;
    expect(listCall({ platform: 'ad', type: 'groups' }, members, 'X', { skip: 50, limit: 50, type: 'list' }))
      .toEqual({ path: '/api/v2/groups/X/members', query: { skip: 50, limit: 50, type: 'list' } });
  });

  it('refuses object ids URL resolution would collapse, or that are empty', () => {
    const route = { platform: 'ad', type: 'users' } as const;
    const sessions = panelLists(route).find((l) => l.label === 'Sessions')!;
    for (const id of ['', '.', '..']) {
      expect(() => infoCall(route, id)).toThrow(UnusableObjectId);
      expect(() => listCall(route, sessions, id, { skip: 0, limit: 10, type: 'list' })).toThrow(UnusableObjectId);
    }
    expect(() => infoCall({ platform: 'azure', type: 'users' }, '')).toThrow(UnusableObjectId);
    // Other ids with dots are ordinary segments.
    expect(infoCall(route, '...').path).toBe('/api/v2/users/...');
    expect(infoCall(route, 'a.b').path).toBe('/api/v2/users/a.b');
    expect(infoCall({ platform: 'azure', type: 'users' }, '..').query.object_id).toBe('..');
  });

  it('passes Azure object ids and lists as query parameters', () => {
    const route = { platform: 'azure', type: 'groups' } as const;
    expect(infoCall(route, 'ID')).toEqual({ path: '/api/v2/azure/groups', query: { object_id: 'ID', counts: true } });
    const members = panelLists(route).find((l) => l.label === 'Members')!;
    expect(listCall(route, members, 'ID', { skip: 0, limit: 10, type: 'graph' })).toEqual({
      path: '/api/v2/azure/groups', query: { object_id: 'ID', related_entity_type: 'group-members', skip: 0, limit: 10, type: 'graph' },
    });
  });
});

describe('panelLists', () => {
  it('names the lists of the UI contract', () => {
    const labels = (type: string) => panelLists({ platform: 'ad', type }).map((l) => l.label);
    expect(labels('groups')).toEqual(expect.arrayContaining(['Members', 'Member of', 'Sessions', 'Inbound object control', 'Outbound object control']));
    expect(labels('computers')).toEqual(expect.arrayContaining(['Local admins', 'Sessions', 'Member of']));
    expect(labels('users')).toEqual(expect.arrayContaining(['Sessions', 'Member of', 'Local admin rights']));
  });

  it('has a list for every entity type, every label unique within its panel', () => {
    for (const platform of ['ad', 'azure'] as const) {
      for (const type of PANEL_TYPES[platform]) {
        const labels = panelLists({ platform, type }).map((l) => l.label);
        expect({ type, unique: new Set(labels).size }).toEqual({ type, unique: labels.length });
      }
    }
    expect(PANEL_TYPES.ad).toEqual(expect.arrayContaining(['users', 'computers', 'groups', 'domains', 'gpos', 'ous', 'base', 'meta']));
    expect(PANEL_TYPES.azure).toHaveLength(20);
  });

  it('marks the domain object lists as having no graph form', () => {
    const domain = panelLists({ platform: 'ad', type: 'domains' });
    expect(domain.filter((l) => l.graph === false).map((l) => l.path)).toEqual(['users', 'groups', 'computers', 'ous', 'gpos']);
  });
});
