import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SharpHoundType } from '../collector-types.js';
import { convertSharpHound } from './index.js';
import { COLLECTOR_FIXTURES, sampleDataDir } from '../../testing/fixtures.js';

let SAMPLE: string;

interface CollectorFile {
  meta: { type: SharpHoundType; version: number };
  data: unknown[];
}

function read(path: string): CollectorFile {
  return JSON.parse(readFileSync(path, 'utf8')) as CollectorFile;
}

function convertFile(path: string) {
  const file = read(path);
  return file.data.map((object) => convertSharpHound(file.meta.type, file.meta.version, object));
}

/** Distinct nodes and distinct (start, kind, end) edges per kind over every file, as the graph would hold them. */
function convertSample() {
  const nodes = new Set<string>();
  const edges = new Map<string, Set<string>>();
  const warnings: string[] = [];
  for (const name of readdirSync(SAMPLE).filter((file) => file.endsWith('.json')).sort()) {
    for (const converted of convertFile(join(SAMPLE, name))) {
      for (const node of converted.nodes) nodes.add(node.objectid);
      for (const edge of converted.edges) {
        for (const end of [edge.start, edge.end]) if (end.matchBy !== 'distinguishedname') nodes.add(end.objectid);
        const keys = edges.get(edge.kind) ?? new Set<string>();
        keys.add(`${edge.start.objectid}|${edge.end.objectid}`);
        edges.set(edge.kind, keys);
      }
      warnings.push(...(converted.warnings ?? []));
    }
  }
  const counts = Object.fromEntries([...edges].map(([kind, keys]) => [kind, keys.size]));
  return { nodes: nodes.size, counts, total: Object.values(counts).reduce((a, b) => a + b, 0), warnings };
}

/** The README's sanity figures (fixtures/README.md §1), per edge kind. */
const EXPECTED: Record<string, number> = {
  GenericAll: 3292, WriteDacl: 2221, WriteOwnerRaw: 2187, OwnsRaw: 1439, Contains: 1416, GenericWrite: 579,
  Enroll: 302, MemberOf: 292, AllExtendedRights: 187, AddKeyCredentialLink: 180, DelegatedEnrollmentAgent: 105,
  AddMember: 93, PublishedTo: 86, ForceChangePassword: 52, MemberOfLocalGroup: 52, LocalToComputer: 29,
  HasSession: 29, GPLink: 27, ManageCA: 14, ManageCertificates: 11, GetChanges: 11, GetChangesAll: 8,
  ReadGMSAPassword: 7, GetChangesInFilteredSet: 6, RemoteInteractiveLogonRight: 6, RootCAFor: 5,
  WriteAccountRestrictions: 5, SameForestTrust: 4, HostsCAService: 4, CrossForestTrust: 3, DCFor: 3,
  NTAuthStoreFor: 2, CoerceToTGT: 1, AllowedToDelegate: 1, AllowedToAct: 1, DumpSMSAPassword: 1, AddSelf: 1,
  AddAllowedToAct: 1, ReadLAPSPassword: 1,
  // Not in the README's "among them" list, but inside its total: the ESC15-era template flags of two templates.
  WritePKIEnrollmentFlag: 2, WritePKINameFlag: 2,
};

describe('SharpHound sample data (31 files)', () => {
  let result: ReturnType<typeof convertSample>;
  beforeAll(async () => {
    SAMPLE = await sampleDataDir();
    result = convertSample();
  });

  it('gives about as many distinct nodes as the README expects', () => {
    expect(Math.abs(result.nodes - 1494)).toBeLessThanOrEqual(15);
  });

  it.each(Object.entries(EXPECTED))('gives about the expected number of %s edges', (kind, expected) => {
    expect(Math.abs((result.counts[kind] ?? 0) - expected)).toBeLessThanOrEqual(Math.max(1, Math.round(expected * 0.01)));
  });

  it('gives about the expected total of distinct edges, no other kind and no warning', () => {
    expect(Math.abs(result.total - 12668)).toBeLessThanOrEqual(130);
    expect(result.warnings).toEqual([]);
    expect(Object.keys(result.counts).filter((kind) => !(kind in EXPECTED))).toEqual([]);
  });
});

describe('other SharpHound fixtures', () => {
  it('converts the v5 computers file (meta first, older local-group shapes)', () => {
    const converted = convertFile(join(COLLECTOR_FIXTURES, 'sharphound-v5/computers.json'));
    expect(converted).toHaveLength(4);
    expect(converted.map((c) => c.nodes[0].kinds)).toEqual(Array(4).fill(['Base', 'Computer']));
    const kinds = new Set(converted.flatMap((c) => c.edges.map((e) => e.kind)));
    for (const kind of ['LocalToComputer', 'MemberOfLocalGroup', 'HasSession', 'AllowedToDelegate', 'AllowedToAct', 'HasSIDHistory', 'MemberOf']) {
      expect(kinds.has(kind)).toBe(true);
    }
  });

  it('converts the v6 issuance policies file', () => {
    const converted = convertFile(join(COLLECTOR_FIXTURES, 'sharphound-v6/issuancepolicies.json'));
    expect(converted).toHaveLength(3);
    expect(converted.map((c) => c.nodes[0].kinds)).toEqual(Array(3).fill(['Base', 'IssuancePolicy']));
    expect(converted.every((c) => c.edges.some((e) => e.kind === 'Contains'))).toBe(true);
    expect(converted.some((c) => c.edges.some((e) => e.kind === 'OIDGroupLink'))).toBe(false);
  });
});
