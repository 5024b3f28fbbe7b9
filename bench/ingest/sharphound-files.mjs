// Writes a synthetic directory (bench/graph/directory.mjs) as SharpHound CE v6 collector files, one per type, the
// way SharpHound lays objects out: memberships under the group (Members), containment both ways (ContainedBy and
// ChildObjects), GPO links under the linked object, ACEs under the object they protect, sessions and local groups
// (AdminTo, CanRDP, CanPSRemote, ExecuteDCOM become -544/-555/-580/-562 local groups) under the computer. DCSync
// is left out: analysis derives it. Files are compact JSON, written in ~1 MB chunks so memory stays small.
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { EDGE_KINDS, NODE_TYPES } from '../graph/directory.mjs';

const [DOMAIN, OU, GPO, GROUP, USER, COMPUTER] = NODE_TYPES.keys();
const K = Object.fromEntries(EDGE_KINDS.map((k, i) => [k, i]));
const FILE_TYPES = ['domains', 'ous', 'gpos', 'groups', 'users', 'computers'];
const LOCAL_GROUPS = { AdminTo: [544, 'ADMINISTRATORS'], CanRDP: [555, 'REMOTE DESKTOP USERS'],
  ExecuteDCOM: [562, 'DISTRIBUTED COM USERS'], CanPSRemote: [580, 'REMOTE MANAGEMENT USERS'] };
const LOCAL_GROUP_KINDS = new Set(Object.keys(LOCAL_GROUPS).map((k) => K[k]));
const ACE_KINDS = new Set(['GetChanges', 'GetChangesAll', 'GenericAll', 'GenericWrite', 'WriteDacl', 'WriteOwner',
  'Owns', 'ForceChangePassword', 'AddMember', 'AllExtendedRights'].map((k) => K[k]));
const WHEN = 1_700_000_000;

/** Writes the files into `folder`; returns their paths in ingest order and the number of objects written. */
export function writeSharpHoundFiles(dir, folder) {
  const domainSid = (d) => `S-1-5-21-1000-2000-${3000 + d}`;
  const domainName = (d) => `CORP${d}.LOCAL`;
  const guid = (id) => `00000000-0000-4000-8000-${id.toString(16).toUpperCase().padStart(12, '0')}`;
  const objectId = (id) => {
    const t = dir.type[id];
    if (t === DOMAIN) return domainSid(dir.domainOf[id]);
    return t === OU || t === GPO ? guid(id) : `${domainSid(dir.domainOf[id])}-${dir.rid[id]}`;
  };
  const principal = (id) => ({ ObjectIdentifier: objectId(id), ObjectType: NODE_TYPES[dir.type[id]] });
  const label = (id) => dir.name[id].split('@')[0];
  const tierZero = new Set(dir.tierZero);

  // Edges grouped by the object whose file entry carries them (counting sort: two passes, flat arrays).
  const owner = (i) => (dir.kind[i] === K.Contains || dir.kind[i] === K.HasSession ? dir.start[i] : dir.end[i]);
  const offsets = new Int32Array(dir.nodeCount + 2);
  for (let i = 0; i < dir.edgeCount; i++) offsets[owner(i) + 1]++;
  for (let id = 1; id <= dir.nodeCount + 1; id++) offsets[id] += offsets[id - 1];
  const fill = offsets.slice();
  const byOwner = new Int32Array(dir.edgeCount);
  const parent = new Int32Array(dir.nodeCount + 1);
  for (let i = 0; i < dir.edgeCount; i++) {
    byOwner[fill[owner(i)]++] = i;
    if (dir.kind[i] === K.Contains) parent[dir.end[i]] = dir.start[i];
  }
  const edgesOf = (id) => Array.from(byOwner.subarray(offsets[id], offsets[id + 1]));

  const base = (id) => {
    const d = dir.domainOf[id];
    const aces = [];
    for (const i of edgesOf(id)) {
      if (!ACE_KINDS.has(dir.kind[i])) continue;
      aces.push({ PrincipalSID: objectId(dir.start[i]), PrincipalType: NODE_TYPES[dir.type[dir.start[i]]],
        RightName: EDGE_KINDS[dir.kind[i]], IsInherited: false });
    }
    const up = parent[id] || (dir.type[id] === DOMAIN ? 0 : dir.byDomain[d][DOMAIN][0]);
    return { ObjectIdentifier: objectId(id), Aces: aces, IsDeleted: false, IsACLProtected: false,
      ContainedBy: up ? principal(up) : null };
  };
  const properties = (id, extra = {}) => {
    const d = dir.domainOf[id];
    return { domain: domainName(d), name: dir.name[id], distinguishedname: `CN=${label(id)},DC=CORP${d},DC=LOCAL`,
      domainsid: domainSid(d), isaclprotected: false, description: null, whencreated: WHEN, ...extra };
  };
  const ofKind = (id, kind) => edgesOf(id).filter((i) => dir.kind[i] === kind);
  const noChanges = { LocalAdmins: [], RemoteDesktopUsers: [], DcomUsers: [], PSRemoteUsers: [], AffectedComputers: [] };
  const containerFields = (id) => ({
    Links: ofKind(id, K.GPLink).map((i) => ({ GUID: objectId(dir.start[i]), IsEnforced: false })),
    ChildObjects: ofKind(id, K.Contains).map((i) => principal(dir.end[i])),
    GPOChanges: noChanges,
  });
  const sessions = (results) => ({ Results: results, Collected: true, FailureReason: null });
  const account = { enabled: true, lastlogon: WHEN, lastlogontimestamp: WHEN, pwdlastset: WHEN,
    unconstraineddelegation: false, trustedtoauth: false, serviceprincipalnames: [], sidhistory: [] };

  const objects = {
    domains: (id) => ({ ...base(id), ContainedBy: null, ...containerFields(id), Trusts: [],
      Properties: { ...properties(id), name: domainName(dir.domainOf[id]), functionallevel: '2016', collected: true } }),
    ous: (id) => ({ ...base(id), ...containerFields(id), Properties: properties(id, { blocksinheritance: false }) }),
    gpos: (id) => ({ ...base(id), Properties: properties(id, { gpcpath: `\\\\${domainName(dir.domainOf[id])}\\SYSVOL\\${guid(id)}` }) }),
    groups: (id) => ({ ...base(id), HasSIDHistory: [], Members: ofKind(id, K.MemberOf).map((i) => principal(dir.start[i])),
      Properties: properties(id, { samaccountname: label(id), admincount: tierZero.has(id) }) }),
    users: (id) => ({ ...base(id), AllowedToDelegate: [], HasSIDHistory: [], SPNTargets: [], UnconstrainedDelegation: false,
      PrimaryGroupSID: `${domainSid(dir.domainOf[id])}-513`, DomainSID: domainSid(dir.domainOf[id]),
      Properties: properties(id, { ...account, samaccountname: label(id), admincount: false, hasspn: false,
        dontreqpreauth: false, passwordnotreqd: false, pwdneverexpires: false, sensitive: false, email: null }) }),
    computers: (id) => {
      const d = dir.domainOf[id];
      const isDc = tierZero.has(id);
      const name = label(id).includes('.') ? label(id) : `${label(id)}.${domainName(d)}`;
      const sid = objectId(id);
      const localGroups = Object.entries(LOCAL_GROUPS).map(([kind, [rid, groupName]]) => ({
        ObjectIdentifier: `${sid}-${rid}`, Name: isDc ? 'IGNOREME' : `${groupName}@${name}`,
        Results: ofKind(id, K[kind]).map((i) => principal(dir.start[i])), LocalNames: [], Collected: true, FailureReason: null,
      })).filter((group) => group.Results.length > 0);
      return { ...base(id), PrimaryGroupSID: `${domainSid(d)}-${isDc ? 516 : 515}`, AllowedToDelegate: [], AllowedToAct: [],
        HasSIDHistory: [], DumpSMSAPassword: [],
        Sessions: sessions(ofKind(id, K.HasSession).map((i) => ({ UserSID: objectId(dir.end[i]), ComputerSID: sid }))),
        PrivilegedSessions: sessions([]), RegistrySessions: sessions([]), LocalGroups: localGroups, UserRights: [],
        DCRegistryData: { CertificateMappingMethods: null, StrongCertificateBindingEnforcement: null },
        Status: null, IsDC: isDc, DomainSID: domainSid(d), UnconstrainedDelegation: isDc,
        Properties: properties(id, { ...account, name, samaccountname: `${label(id).split('.')[0]}$`, haslaps: false,
          isdc: isDc, operatingsystem: 'Windows Server 2022 Standard', unconstraineddelegation: isDc }) };
    },
  };

  const paths = [];
  let written = 0;
  for (const [t, type] of FILE_TYPES.entries()) {
    const path = join(folder, `20260101000000_${type}.json`);
    written += writeCollectorFile(path, type, (function* () {
      for (let id = 1; id <= dir.nodeCount; id++) if (dir.type[id] === t) yield objects[type](id);
    })());
    paths.push(path);
  }
  return { paths, objects: written };
}

/**
 * Writes one SharpHound CE v6 collector file of `type` holding the `objects` an iterable yields, as compact JSON
 * in ~1 MB chunks (memory stays small however many there are); returns how many it wrote.
 */
export function writeCollectorFile(path, type, objects) {
  const fd = openSync(path, 'w');
  let chunk = '{"data":[';
  let count = 0;
  for (const object of objects) {
    chunk += (count++ ? ',' : '') + JSON.stringify(object);
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  }
  writeSync(fd, `${chunk}],"meta":{"methods":521215,"type":"${type}","count":${count},"version":6}}`);
  closeSync(fd);
  return count;
}
