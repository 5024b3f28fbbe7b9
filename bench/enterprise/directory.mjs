// A realistic enterprise Active Directory as SharpHound CE v6 collector files, deterministic for a seed. One domain
// (CORP.LOCAL) with its well-known groups under their real SIDs, DEFAULTS.users users, DEFAULTS.computers computers
// (2 DCs, 2 CA hosts, a fifth servers, the rest workstations) and DEFAULTS.groups groups nested as nesting.mjs lays
// out: 'dense' (each group in 3 others on average, 50 nesting cycles) or 'shallow' (in 0.5 others, a DAG). Every
// other choice is the same in both variants (they draw from separate seeded streams): users in 1 + Poisson(2)
// groups, computers in 1 + Poisson(1); on each user, group and computer 4 standard ACEs (Owns and GenericAll by
// Domain Admins, inherited GenericAll by Enterprise Admins, inherited WriteDacl by Administrators) and 5-7 more from
// random principals (mostly groups, popular ones first); on each computer 3 sessions, 2 groups in its local
// Administrators group (-544), on 30% a group in Remote Desktop Users (-555), both holding the remote logon right;
// the domain's replication rights with Domain Admins, Enterprise Admins, Administrators and one non-admin pair
// (a group with GetChanges nested in one with GetChangesAll, so DCSync comes through nesting); ReanimateTombstones
// on the domain for Administrators (as Windows grants it: CanReanimateTombstone for Domain Admins, a member, on every
// object it may rename) and CreateChild on the USERS OU for that second group (which may not reanimate); the PKI of pki.mjs;
// NTLM data on every computer, by its number c (no random draw, so the rest is unchanged): every fifth denies
// outbound NTLM, DCs and servers sign SMB and every other workstation does not, every tenth workstation runs the
// WebClient; DC1 does not require LDAP signing, DC2 offers LDAPS without channel binding; the first enterprise CA
// offers web enrolment over HTTP (ESC8). So the NTLM relay steps of analysis have work at every scale.
// Usage: node bench/enterprise/directory.mjs [--variant dense|shallow] [--scale 0.01] [--seed 1] [--out DIR]
//   (or --users/--computers/--groups/--cycles); writeEnterpriseFiles is the same as a function.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from '../graph/directory.mjs';
import { writeCollectorFile } from '../ingest/sharphound-files.mjs';
import { nestGroups, poisson } from './nesting.mjs';
import { NESTED_GRANTEES, pkiObjects } from './pki.mjs';

/** The documented defaults (README, "Benchmarks"): the directory at scale 1. */
export const DEFAULTS = {
  users: 150_000, computers: 40_000, groups: 4_000, cycles: 50,
  nesting: { dense: 3, shallow: 0.5 },
  userGroups: 3, computerGroups: 2, aces: 10, sessions: 3, localAdminGroups: 2, rdpShare: 0.3,
};
const DOMAIN = 'CORP.LOCAL';
const SID = 'S-1-5-21-1000-2000-3000';
const DN = 'DC=CORP,DC=LOCAL';
const WHEN = 1_700_000_000;
const USER_RIGHTS = ['GenericAll', 'GenericWrite', 'WriteDacl', 'WriteOwner', 'ForceChangePassword', 'AllExtendedRights',
  'AddKeyCredentialLink', 'WriteSPN'];
const GROUP_RIGHTS = ['GenericAll', 'GenericWrite', 'WriteDacl', 'WriteOwner', 'AddMember', 'AddSelf', 'AllExtendedRights'];
const COMPUTER_RIGHTS = ['GenericAll', 'GenericWrite', 'WriteDacl', 'WriteOwner', 'AllExtendedRights', 'AddAllowedToAct',
  'AddKeyCredentialLink'];
const OUS = ['USERS', 'GROUPS', 'WORKSTATIONS', 'SERVERS', 'DOMAIN CONTROLLERS', 'TIER0'];

/** The sizes for `variant` at `scale` (explicit counts win), never below what the layout needs. */
export function enterpriseParameters({ variant = 'dense', scale = 1, seed = 1, users, computers, groups, cycles } = {}) {
  if (variant !== 'dense' && variant !== 'shallow') throw new Error(`variant must be dense or shallow, got "${variant}"`);
  const sized = (explicit, full, least) => Math.max(least, Math.round(explicit ?? full * scale));
  const p = {
    variant, seed, scale,
    users: sized(users, DEFAULTS.users, 30), computers: sized(computers, DEFAULTS.computers, 10),
    groups: sized(groups, DEFAULTS.groups, 40), nesting: DEFAULTS.nesting[variant],
  };
  p.cycles = variant === 'shallow' ? 0 : cycles ?? Math.min(DEFAULTS.cycles, Math.floor(p.groups / 16));
  return p;
}

/**
 * Writes the directory's collector files into `folder` (created if missing). Options: variant ('dense' or
 * 'shallow'), scale (1 = DEFAULTS), seed, or explicit users/computers/groups/cycles. Returns the files in ingest
 * order, the number of objects and what was generated (counts).
 */
export function writeEnterpriseFiles(options, folder) {
  const p = enterpriseParameters(options);
  mkdirSync(folder, { recursive: true });
  const { groups: G, users: U, computers: C } = p;
  const nest = nestGroups({ groups: G, nesting: p.nesting, cycles: p.cycles, seed: p.seed * 1000 + 1 });
  const level = (l) => [nest.levelStart[l], nest.levelStart[l + 1]];

  // Principals: groups 0..G-1, users G..G+U-1, computers after; RIDs from 1100 in that order.
  const sid = (i) => `${SID}-${1100 + i}`;
  const guid = (n) => `00000000-0000-4000-8000-${n.toString(16).toUpperCase().padStart(12, '0')}`;
  const wellKnown = {
    DA: [`${SID}-512`, 'DOMAIN ADMINS'], DU: [`${SID}-513`, 'DOMAIN USERS'], DCOMP: [`${SID}-515`, 'DOMAIN COMPUTERS'],
    DCTRL: [`${SID}-516`, 'DOMAIN CONTROLLERS'], EA: [`${SID}-519`, 'ENTERPRISE ADMINS'],
    ADMINS: [`${DOMAIN}-S-1-5-32-544`, 'ADMINISTRATORS'], AU: [`${DOMAIN}-S-1-5-11`, 'AUTHENTICATED USERS'],
    EVERYONE: [`${DOMAIN}-S-1-1-0`, 'EVERYONE'], EDC: [`${DOMAIN}-S-1-5-9`, 'ENTERPRISE DOMAIN CONTROLLERS'],
    TIER0: [`${SID}-1001`, 'TIER0 ADMINS'],
  };
  const role = Object.fromEntries(Object.entries(wellKnown).map(([r, [id]]) => [r, { ObjectIdentifier: id, ObjectType: 'Group' }]));
  const typeOf = (i) => (i < G ? 'Group' : i < G + U ? 'User' : 'Computer');
  const ref = (i) => ({ ObjectIdentifier: sid(i), ObjectType: typeOf(i) });
  const computerName = (c) => (c < 2 ? `DC${c + 1}` : c < 4 ? `CA${c - 1}` : c < 4 + Math.floor(C / 5) ? `SRV${String(c).padStart(6, '0')}`
    : `WS${String(c).padStart(6, '0')}`);
  const special = new Map([[nest.levelStart[1], 'IDM SYNC SERVICE'], [nest.levelStart[2], 'DIRECTORY REPLICATION']]);
  const groupName = (g) => special.get(g) ?? `GROUP-L${nest.level[g]}-${String(g).padStart(5, '0')}`;
  // The non-admin DCSync pair: GetChanges on the first, GetChangesAll on the second, the first nested in the second.
  const [syncChanges, syncAll] = special.keys();
  if (!nest.parents[syncChanges].includes(syncAll)) nest.parents[syncChanges].push(syncAll);
  // Groups the PKI grants rights to: spread over levels 0-2, so their members come through nesting.
  const nested = Array.from({ length: NESTED_GRANTEES }, (_, n) => {
    const [from, to] = level(n % 3 === 0 ? 1 : 2);
    return from + 1 + Math.floor(((to - from - 1) * (n + 1)) / (NESTED_GRANTEES + 2));
  });

  // Memberships of users and computers, bucketed by group (SharpHound lists members under the group).
  const membership = prng(p.seed * 1000 + 2);
  const pickGroup = (random) => {
    const u = random();
    const [from, to] = level(u < 0.6 ? 0 : u < 0.9 ? 1 : 2);
    return from + Math.floor((to - from) * random() ** 2);
  };
  const pairs = [];
  const join1 = (member, count) => {
    const seen = new Set();
    for (let k = 0; k < count; k++) seen.add(pickGroup(membership));
    for (const g of seen) pairs.push(g, member);
  };
  for (let u = 0; u < U; u++) join1(G + u, 1 + poisson(membership, DEFAULTS.userGroups - 1));
  for (let c = 4; c < C; c++) join1(G + U + c, 1 + poisson(membership, DEFAULTS.computerGroups - 1));
  for (let g = 0; g < G; g++) for (const parent of nest.parents[g]) pairs.push(parent, g);
  const start = new Int32Array(G + 1);
  for (let i = 0; i < pairs.length; i += 2) start[pairs[i] + 1]++;
  for (let g = 0; g < G; g++) start[g + 1] += start[g];
  const fill = start.slice();
  const members = new Int32Array(pairs.length / 2);
  for (let i = 0; i < pairs.length; i += 2) members[fill[pairs[i]]++] = pairs[i + 1];

  // ACEs: the standard four and 5-7 from random principals (85% groups, popular first; 15% users).
  const acl = prng(p.seed * 1000 + 3);
  let aceCount = 0;
  const ace = (principal, right, inherited = false) => ({ PrincipalSID: principal.ObjectIdentifier,
    PrincipalType: principal.ObjectType, RightName: right, IsInherited: inherited });
  const acesOf = (self, rights) => {
    const list = [ace(role.DA, 'Owns'), ace(role.DA, 'GenericAll'), ace(role.EA, 'GenericAll', true),
      ace(role.ADMINS, 'WriteDacl', true)];
    const extra = DEFAULTS.aces - 5 + Math.floor(acl() * 3);
    for (let k = 0; k < extra; k++) {
      const principal = acl() < 0.85 ? Math.floor(G * acl() ** 2) : G + Math.floor(U * acl());
      if (principal !== self) list.push(ace(ref(principal), rights[Math.floor(acl() * rights.length)]));
    }
    aceCount += list.length;
    return list;
  };

  const ouId = (name) => guid(0x100 + OUS.indexOf(name));
  const contained = (ou) => ({ ObjectIdentifier: ouId(ou), ObjectType: 'OU' });
  const properties = (name, dn, extra = {}) => ({ domain: DOMAIN, name: `${name}@${DOMAIN}`, distinguishedname: dn,
    domainsid: SID, isaclprotected: false, description: null, whencreated: WHEN, ...extra });
  const account = { enabled: true, lastlogon: WHEN, lastlogontimestamp: WHEN, pwdlastset: WHEN,
    unconstraineddelegation: false, trustedtoauth: false, serviceprincipalnames: [], sidhistory: [] };
  const collected = (Results) => ({ Results, Collected: true, FailureReason: null });
  const domainRef = { ObjectIdentifier: SID, ObjectType: 'Domain' };
  const counts = { sessions: 0, localGroupMembers: 0 };

  function* domains() {
    const rights = [['DA', 'GetChanges'], ['DA', 'GetChangesAll'], ['EA', 'GetChanges'], ['EA', 'GetChangesAll'],
      ['ADMINS', 'GetChanges'], ['ADMINS', 'GetChangesAll'], ['DCTRL', 'GetChangesAll'], ['EDC', 'GetChanges'],
      ['DA', 'GenericAll'], ['EA', 'GenericAll'], ['ADMINS', 'Owns'], ['ADMINS', 'WriteDacl'],
      ['ADMINS', 'ReanimateTombstones']];
    const aces = [...rights.map(([r, right]) => ace(role[r], right)), ace(ref(syncChanges), 'GetChanges'),
      ace(ref(syncAll), 'GetChangesAll')];
    aceCount += aces.length;
    yield { ObjectIdentifier: SID, IsDeleted: false, IsACLProtected: false, ContainedBy: null, Aces: aces,
      ChildObjects: OUS.map(contained), Links: [], Trusts: [],
      GPOChanges: { LocalAdmins: [], RemoteDesktopUsers: [], DcomUsers: [], PSRemoteUsers: [], AffectedComputers: [] },
      Properties: properties('', DN, { name: DOMAIN, functionallevel: '2016', collected: true, machineaccountquota: 10 }) };
  }
  function* ous() {
    for (const name of OUS) {
      yield { ObjectIdentifier: ouId(name), IsDeleted: false, IsACLProtected: false, ContainedBy: domainRef,
        Aces: [ace(role.DA, 'Owns'), ace(role.DA, 'GenericAll'), ...(name === 'USERS' ? [ace(ref(syncAll), 'CreateChild')] : [])],
        ChildObjects: [], Links: [],
        GPOChanges: { LocalAdmins: [], RemoteDesktopUsers: [], DcomUsers: [], PSRemoteUsers: [], AffectedComputers: [] },
        Properties: properties(name, `OU=${name},${DN}`, { blocksinheritance: false }) };
    }
  }
  function* groups() {
    const admins = (n) => Array.from({ length: Math.min(n, U) }, (_, u) => ref(G + u));
    const wellKnownMembers = {
      DA: [...admins(10), role.TIER0], EA: admins(3), ADMINS: [role.DA, role.EA], TIER0: admins(15).slice(10),
      DCTRL: [ref(G + U), ref(G + U + 1)],
    };
    for (const [r, [id, name]] of Object.entries(wellKnown)) {
      yield { ObjectIdentifier: id, IsDeleted: false, IsACLProtected: true, ContainedBy: contained('TIER0'),
        Aces: [ace(role.DA, 'Owns'), ace(role.ADMINS, 'WriteDacl')], HasSIDHistory: [], Members: wellKnownMembers[r] ?? [],
        Properties: properties(name, `CN=${name},OU=TIER0,${DN}`, { samaccountname: name, admincount: r !== 'DU' && r !== 'DCOMP' }) };
    }
    for (let g = 0; g < G; g++) {
      const name = groupName(g);
      yield { ObjectIdentifier: sid(g), IsDeleted: false, IsACLProtected: false, ContainedBy: contained('GROUPS'),
        Aces: acesOf(g, GROUP_RIGHTS), HasSIDHistory: [], Members: Array.from(members.subarray(start[g], start[g + 1]), ref),
        Properties: properties(name, `CN=${name},OU=GROUPS,${DN}`, { samaccountname: name, admincount: false }) };
    }
  }
  function* users() {
    for (let u = 0; u < U; u++) {
      const name = `USER${String(u).padStart(6, '0')}`;
      yield { ObjectIdentifier: sid(G + u), IsDeleted: false, IsACLProtected: false, ContainedBy: contained('USERS'),
        Aces: acesOf(G + u, USER_RIGHTS), AllowedToDelegate: [], HasSIDHistory: [], SPNTargets: [], UnconstrainedDelegation: false,
        PrimaryGroupSID: `${SID}-513`, DomainSID: SID,
        Properties: properties(name, `CN=${name},OU=USERS,${DN}`, { ...account, samaccountname: name, admincount: u < 15,
          hasspn: false, dontreqpreauth: false, passwordnotreqd: false, pwdneverexpires: false, sensitive: false, email: null }) };
    }
  }
  function* computers() {
    const local = prng(p.seed * 1000 + 4);
    const [adminFrom, adminTo] = level(2);
    const adminGroup = () => adminFrom + Math.floor((adminTo - adminFrom) * local() ** 1.5);
    for (let c = 0; c < C; c++) {
      const i = G + U + c;
      const isDc = c < 2;
      const host = `${computerName(c)}.${DOMAIN}`;
      const self = sid(i);
      const sessions = Array.from({ length: DEFAULTS.sessions }, () => ({ UserSID: sid(G + Math.floor(U * local())), ComputerSID: self }));
      const localGroups = [];
      const logon = [];
      if (!isDc) {
        const admins = new Set();
        while (admins.size < Math.min(DEFAULTS.localAdminGroups, adminTo - adminFrom)) admins.add(adminGroup());
        const adminMembers = [...admins].map(ref);
        if (local() < 0.02) adminMembers.push(ref(G + Math.floor(U * local())));
        localGroups.push({ ObjectIdentifier: `${self}-544`, Name: `ADMINISTRATORS@${host}`, Results: adminMembers,
          LocalNames: [], Collected: true, FailureReason: null });
        logon.push({ ObjectIdentifier: `${self}-544`, ObjectType: 'LocalGroup' });
        if (local() < DEFAULTS.rdpShare) {
          const rdpMembers = [ref(pickGroup(local))];
          if (local() < 0.1) rdpMembers.push(ref(G + Math.floor(U * local())));
          localGroups.push({ ObjectIdentifier: `${self}-555`, Name: `REMOTE DESKTOP USERS@${host}`, Results: rdpMembers,
            LocalNames: [], Collected: true, FailureReason: null });
          logon.push({ ObjectIdentifier: `${self}-555`, ObjectType: 'LocalGroup' });
        }
      }
      counts.sessions += sessions.length;
      counts.localGroupMembers += localGroups.reduce((sum, group) => sum + group.Results.length, 0);
      const ou = isDc ? 'DOMAIN CONTROLLERS' : c < 4 + Math.floor(C / 5) ? 'SERVERS' : 'WORKSTATIONS';
      yield { ObjectIdentifier: self, IsDeleted: false, IsACLProtected: false, ContainedBy: contained(ou),
        Aces: acesOf(i, COMPUTER_RIGHTS), PrimaryGroupSID: `${SID}-${isDc ? 516 : 515}`, AllowedToDelegate: [],
        AllowedToAct: [], HasSIDHistory: [], DumpSMSAPassword: [], Sessions: collected(sessions),
        PrivilegedSessions: collected([]), RegistrySessions: collected([]), LocalGroups: localGroups,
        UserRights: isDc ? [] : [{ Privilege: 'SeRemoteInteractiveLogonRight', Results: logon, LocalNames: [], Collected: true,
          FailureReason: null }],
        DCRegistryData: { CertificateMappingMethods: null, StrongCertificateBindingEnforcement: null },
        ...ntlmData(c, isDc, c < 4 + Math.floor(C / 5)),
        Status: null, IsDC: isDc, DomainSID: SID, UnconstrainedDelegation: isDc,
        Properties: properties(computerName(c), `CN=${computerName(c)},OU=${ou},${DN}`, { ...account, name: host,
          samaccountname: `${computerName(c)}$`, haslaps: !isDc, isdc: isDc, unconstraineddelegation: isDc,
          ...(isDc ? { ldapenabled: true, ldapsenabled: true, ldapsigning: c !== 0, ldapsepa: c !== 1 } : {}),
          operatingsystem: c < 4 + Math.floor(C / 5) ? 'Windows Server 2022 Standard' : 'Windows 11 Enterprise' }) };
    }
  }

  /** SmbInfo, NTLMRegistryData and IsWebClientRunning of computer c, as SharpHound collects them. */
  function ntlmData(c, isDc, isServer) {
    const workstation = !isDc && !isServer;
    const result = (Result) => ({ Collected: true, FailureReason: null, Result });
    return {
      SmbInfo: result({ SigningEnabled: !workstation || c % 2 === 0 }),
      NTLMRegistryData: result({ RestrictSendingNtlmTraffic: c % 5 === 0 ? 2 : 0, RestrictReceivingNTLMTraffic: 0,
        LmCompatibilityLevel: 5 }),
      IsWebClientRunning: result(workstation && c % 10 === 3),
    };
  }

  const pki = pkiObjects({
    domain: DOMAIN, sid: SID, dn: DN, role, guid, nested: nested.map(ref),
    hosts: [2, 3].map((c) => ({ sid: sid(G + U + c), name: `${computerName(c)}.${DOMAIN}` })),
  });
  const files = [['domains', domains()], ['ous', ous()], ['groups', groups()], ['users', users()],
    ['computers', computers()], ...Object.entries(pki)];
  const paths = [];
  let objects = 0;
  for (const [type, items] of files) {
    const path = join(folder, `20260101000000_${type}.json`);
    objects += writeCollectorFile(path, type, items);
    paths.push(path);
  }
  const nestingEdges = nest.parents.reduce((sum, list) => sum + list.length, 0);
  return {
    paths, objects, parameters: p,
    counts: {
      users: U, computers: C, groups: G + Object.keys(wellKnown).length, nestingEdges,
      nestingPerGroup: nestingEdges / G, cycles: nest.rings.length,
      cycleGroups: nest.rings.reduce((sum, ring) => sum + ring.length, 0),
      memberships: members.length - nestingEdges, aces: aceCount, ...counts,
      templates: pki.certtemplates.length, enterpriseCas: pki.enterprisecas.length,
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
  const number = (name) => (args[name] === undefined ? undefined : Number(args[name]));
  const folder = args.out ?? mkdtempSync(join(tmpdir(), 'pathwarden-enterprise-'));
  const started = performance.now();
  const result = writeEnterpriseFiles({ variant: args.variant, scale: number('scale'), seed: number('seed'),
    users: number('users'), computers: number('computers'), groups: number('groups'), cycles: number('cycles') }, folder);
  console.log(`${result.objects} objects in ${result.paths.length} files under ${folder} in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify(result.counts));
}
