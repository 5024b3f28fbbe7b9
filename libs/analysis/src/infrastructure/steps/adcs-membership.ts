import {
  type MembershipGraph, NodeSet, outermostForDomain, outermostMembers, PLAIN_USER, PRINCIPAL, type SpecialGroups,
} from '../../domain/membership/index.js';
import { type CopyRows, kindIds, type RunSql, type StepContext } from './step.js';

/** Rights on certificate templates and enterprise CAs that some ESC pattern follows. */
export const TEMPLATE_RIGHTS = ['Enroll', 'GenericAll', 'AllExtendedRights', 'GenericWrite', 'WriteDacl', 'Owns', 'OwnsRaw',
  'WriteOwner', 'WriteOwnerRaw', 'WritePKINameFlag', 'WritePKIEnrollmentFlag', 'DelegatedEnrollmentAgent'] as const;
export type TemplateRight = typeof TEMPLATE_RIGHTS[number];

/** The rights that let a principal enrol on a certificate template. */
export const ENROLL_RIGHTS: TemplateRight[] = ['GenericAll', 'Enroll', 'AllExtendedRights'];

/** Special groups (Authenticated Users, Everyone) keyed by the prefix before their SID suffix. */
const SPECIAL = `
  special AS (
    SELECT id, CASE WHEN properties ->> 'objectid' LIKE '%-S-1-5-11' THEN left(properties ->> 'objectid', -9)
      ELSE left(properties ->> 'objectid', -8) END AS prefix
    FROM node WHERE {Group} = ANY(kind_ids)
      AND (properties ->> 'objectid' LIKE '%-S-1-5-11' OR properties ->> 'objectid' LIKE '%-S-1-1-0'))`;

/**
 * Who can use which right on a template or enterprise CA, for the ESC steps: over the run's MemberOf graph in memory
 * (membership-load.ts), each question walks down from the holders of a right (a few groups) to the principals they
 * count for, instead of expanding every principal's groups. A holder counts for a
 * principal `p` against a domain `d` when it is one of p's groups, one of the groups of an Authenticated Users /
 * Everyone group of p's domain (`<domainsid or domain>-S-1-5-11`, `-S-1-1-0`), or of such a group of `d` (its
 * domainsid, objectid or name), as withSpecialGroups does.
 */
export class AdcsPrincipals {
  private readonly cache = new Map<string, NodeSet>();
  private readonly principals: NodeSet;
  private readonly notPlainUsers: NodeSet;

  private constructor(
    readonly graph: MembershipGraph,
    private readonly specials: SpecialGroups['specials'],
    private readonly domainSpecials: Map<number, number[]>,
    private readonly rights: Map<number, { holder: number; right: TemplateRight }[]>,
  ) {
    this.principals = graph.having(PRINCIPAL);
    const plain = graph.having(PLAIN_USER);
    this.notPlainUsers = NodeSet.empty(graph.size);
    this.principals.forEach((i) => { if (!plain.has(i)) this.notPlainUsers.add(i); });
  }

  /**
   * Reads who holds what (`sql` and `copyRows` resolve `{Kind}` placeholders; needs pw_adcs_chain and
   * pw_adcs_ntauth). The special groups' principals (every principal of their domain) stream as rows into bitsets.
   */
  static async load(sql: RunSql, copyRows: CopyRows, graph: MembershipGraph): Promise<AdcsPrincipals> {
    const principalsOf = new Map<number, NodeSet>();
    for (const row of await sql(`WITH ${SPECIAL} SELECT id FROM special WHERE prefix <> ''`)) {
      principalsOf.set(Number(row.id), NodeSet.empty(graph.size));
    }
    // One pass over the principals, each matched to the special groups of its domainsid and domain by hash.
    await copyRows(`COPY (
      WITH ${SPECIAL}
      SELECT s.id, p.id FROM node p
      CROSS JOIN LATERAL (VALUES (p.properties ->> 'domainsid'), (p.properties ->> 'domain')) v(prefix)
      JOIN special s ON s.prefix = v.prefix
      WHERE p.kind_ids && {User|Computer|Group} AND p.id <> s.id AND s.prefix <> '') TO STDOUT`, (fields) => {
      const principal = graph.indexOf(fields[1]);
      if (principal >= 0) principalsOf.get(fields[0])?.add(principal);
    });
    const specials = [...principalsOf].map(([id, principals]) => {
      const index = graph.indexOf(id);
      const up = index >= 0 ? graph.above(index) : [];
      const upSet = NodeSet.empty(graph.size);
      for (const g of up) upSet.add(g);
      return { index, principals, up, upSet };
    }).filter((s) => s.index >= 0);
    const domainRows = await sql(`
      WITH ${SPECIAL}, domains AS (SELECT domain AS d FROM pw_adcs_chain UNION SELECT domain FROM pw_adcs_ntauth)
      SELECT DISTINCT domains.d, s.id AS s FROM domains JOIN node dn ON dn.id = domains.d
      CROSS JOIN LATERAL (VALUES (dn.properties ->> 'domainsid'), (dn.properties ->> 'objectid'),
        (dn.properties ->> 'name')) v(prefix)
      JOIN special s ON s.prefix = v.prefix WHERE coalesce(v.prefix, '') <> ''`);
    const domainSpecials = new Map<number, number[]>();
    for (const row of domainRows) {
      const s = graph.indexOf(Number(row.s));
      if (s >= 0) domainSpecials.set(Number(row.d), [...domainSpecials.get(Number(row.d)) ?? [], s]);
    }
    const kinds = await kindIds(sql, TEMPLATE_RIGHTS);
    const names = new Map([...kinds].map(([name, id]) => [id, name as TemplateRight]));
    const rightRows = await sql(`
      SELECT e.start_id, e.end_id, e.kind_id FROM edge e
      JOIN node target ON target.id = e.end_id AND target.kind_ids && {CertTemplate|EnterpriseCA}
      WHERE e.kind_id = ANY($1::int2[])`, [[...kinds.values()]]);
    const rights = new Map<number, { holder: number; right: TemplateRight }[]>();
    for (const row of rightRows) {
      const holder = graph.indexOf(Number(row.start_id));
      if (holder < 0) continue;
      const target = Number(row.end_id);
      rights.set(target, [...rights.get(target) ?? [], { holder, right: names.get(Number(row.kind_id))! }]);
    }
    return new AdcsPrincipals(graph, specials, domainSpecials, rights);
  }

  /** Whether graph index `i` is an Authenticated Users or Everyone group (of any domain). */
  isSpecial(i: number): boolean {
    return this.specials.some((s) => s.index === i);
  }

  /** The graph indexes of the holders of any of `kinds` on the template or CA `target`. */
  holders(target: number, kinds: readonly TemplateRight[]): number[] {
    return (this.rights.get(target) ?? []).filter((r) => kinds.includes(r.right)).map((r) => r.holder);
  }

  /** The principals for which one of `holders` counts against `domain` (a fresh set the caller may change). */
  counting(holders: number[], domain: number): NodeSet {
    const key = `${domain}:${[...new Set(holders)].sort((a, b) => a - b).join(',')}`;
    let set = this.cache.get(key);
    if (!set) {
      const below = this.graph.below(holders);
      const domainWide = (this.domainSpecials.get(domain) ?? []).some((s) => below.has(s));
      set = domainWide ? this.principals.clone() : below;
      if (!domainWide) for (const s of this.specials) if (below.has(s.index)) set.or(s.principals);
      this.cache.set(key, set);
    }
    return set.clone();
  }

  /** The principals one of whose groups (or itself) is among `holders`: membership alone. */
  members(holders: number[]): NodeSet {
    return this.graph.below(holders);
  }

  /** Principals a template can serve: all, or all but plain users when it requires DNS names. */
  fitting(validForUser: boolean): NodeSet {
    return validForUser ? this.principals : this.notPlainUsers;
  }

  none(): NodeSet {
    return NodeSet.empty(this.graph.size);
  }

  all(): NodeSet {
    return this.principals.clone();
  }

  /** Node ids of the outermost principals of `qualifying` for an edge to `domain`. */
  outermost(qualifying: NodeSet, domain: number): number[] {
    const domainUp = NodeSet.empty(this.graph.size);
    for (const s of this.domainSpecials.get(domain) ?? []) for (const g of this.specials.find((x) => x.index === s)?.up ?? []) domainUp.add(g);
    const reachedBySpecials = NodeSet.empty(this.graph.size);
    for (const s of this.specials) reachedBySpecials.or(s.upSet);
    return outermostForDomain(this.graph, qualifying, { specials: this.specials, domainUp, reachedBySpecials })
      .map((i) => this.graph.idOf(i));
  }

  /** Node ids of the outermost principals of `qualifying` by membership alone. */
  outermostByMembership(qualifying: NodeSet): number[] {
    return outermostMembers(this.graph, qualifying).map((i) => this.graph.idOf(i));
  }

  idsOf(set: NodeSet): number[] {
    return set.toArray().map((i) => this.graph.idOf(i));
  }
}

const KEY = 'adcs-principals';

/** The run's AdcsPrincipals (loaded by the ADCSPrincipals step). */
export function adcsPrincipals(context: StepContext): AdcsPrincipals {
  const principals = context.memo?.get(KEY);
  if (!(principals instanceof AdcsPrincipals)) throw new Error('ADCSPrincipals must run before the ESC steps');
  return principals;
}

export function rememberAdcsPrincipals(context: StepContext, principals: AdcsPrincipals): void {
  if (!context.memo) throw new Error('post-processing runs its steps with a memo');
  context.memo.set(KEY, principals);
}
