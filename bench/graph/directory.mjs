// A synthetic Active Directory: domains, an OU tree (Contains), GPOs (GPLink), nested groups (MemberOf), users,
// computers, sessions (HasSession), local admin and remote rights (AdminTo, CanRDP, ...), ACL edges and a Tier Zero
// (domains, Domain Admins and the other -5xx admin groups, domain controllers) tagged Tag_Tier_Zero with
// system_tags 'admin_tier_0'. Degrees are skewed (a few huge groups, a few principals holding most ACEs), as in
// real directories. Deterministic for a given seed. Node ids are 1..nodes (index = id); edges are unique per
// (start, end, kind) and exactly `edges` of them are produced.

export const NODE_TYPES = ['Domain', 'OU', 'GPO', 'Group', 'User', 'Computer'];
const [DOMAIN, OU, GPO, GROUP, USER, COMPUTER] = NODE_TYPES.keys();
export const EDGE_KINDS = [
  'Contains', 'GPLink', 'MemberOf', 'HasSession', 'AdminTo', 'CanRDP', 'CanPSRemote', 'ExecuteDCOM', 'DCSync',
  'GetChanges', 'GetChangesAll', 'GenericAll', 'GenericWrite', 'WriteDacl', 'WriteOwner', 'Owns',
  'ForceChangePassword', 'AddMember', 'AllExtendedRights',
];
const K = Object.fromEntries(EDGE_KINDS.map((k, i) => [k, i]));
const ACL = [
  ['GenericAll', 0.2], ['GenericWrite', 0.15], ['WriteDacl', 0.15], ['WriteOwner', 0.1], ['Owns', 0.1],
  ['ForceChangePassword', 0.1], ['AddMember', 0.1], ['AllExtendedRights', 0.1],
];
/** Well-known groups per domain: RID, name, tier zero. Enterprise Admins only in the forest root. */
const BUILT_IN_GROUPS = [
  [512, 'DOMAIN ADMINS', true], [519, 'ENTERPRISE ADMINS', true], [544, 'ADMINISTRATORS', true],
  [516, 'DOMAIN CONTROLLERS', true], [548, 'ACCOUNT OPERATORS', true], [551, 'BACKUP OPERATORS', true],
  [513, 'DOMAIN USERS', false], [515, 'DOMAIN COMPUTERS', false],
];
const DOMAIN_WEIGHTS = [0.7, 0.2, 0.1];

/** mulberry32: a small seeded PRNG, so a seed always gives the same directory (and the same questions). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateDirectory({ nodes: total, edges: wanted, seed }) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  /** Skewed pick: low indexes are chosen far more often (power-law-ish degrees). */
  const skewed = (list, power) => list[Math.floor(list.length * random() ** power)];

  const type = new Uint8Array(total + 1);
  const domainOf = new Uint8Array(total + 1);
  const rid = new Int32Array(total + 1);
  const name = new Array(total + 1);
  const tierZero = [];
  const byDomain = DOMAIN_WEIGHTS.map(() => NODE_TYPES.map(() => []));
  const builtIn = DOMAIN_WEIGHTS.map(() => ({}));
  let next = 1;
  const add = (t, d, label, r = 1000 + next, zero = false) => {
    const id = next++;
    type[id] = t;
    domainOf[id] = d;
    rid[id] = r;
    name[id] = `${label}@CORP${d}.LOCAL`;
    byDomain[d][t].push(id);
    if (zero) tierZero.push(id);
    return id;
  };

  DOMAIN_WEIGHTS.forEach((_, d) => add(DOMAIN, d, `CORP${d}`, 0, true));
  DOMAIN_WEIGHTS.forEach((_, d) => {
    for (const [r, label, zero] of BUILT_IN_GROUPS) {
      if (r === 519 && d !== 0) continue;
      builtIn[d][r] = add(GROUP, d, label, r, zero);
    }
    for (let i = 0; i < 2; i++) add(COMPUTER, d, `DC${i}.CORP${d}.LOCAL`, 1000 + next, true);
  });
  const shares = [[OU, 0.02], [GPO, 0.005], [GROUP, 0.1], [COMPUTER, 0.25]];
  const remaining = total - next + 1;
  const plan = shares.map(([t, share]) => [t, Math.floor(remaining * share)]);
  plan.push([USER, remaining - plan.reduce((sum, [, n]) => sum + n, 0)]);
  const domainFor = () => {
    const u = random();
    return u < DOMAIN_WEIGHTS[0] ? 0 : u < DOMAIN_WEIGHTS[0] + DOMAIN_WEIGHTS[1] ? 1 : 2;
  };
  for (const [t, n] of plan) {
    for (let i = 0; i < n; i++) add(t, domainFor(), `${NODE_TYPES[t].toUpperCase()}${String(i).padStart(6, '0')}`);
  }

  const start = new Int32Array(wanted);
  const end = new Int32Array(wanted);
  const kind = new Uint8Array(wanted);
  const seen = new Set();
  let count = 0;
  const edge = (a, b, k) => {
    if (count >= wanted || a === b || !a || !b) return;
    const key = (a * (total + 1) + b) * EDGE_KINDS.length + k;
    if (seen.has(key)) return;
    seen.add(key);
    start[count] = a;
    end[count] = b;
    kind[count] = k;
    count++;
  };
  const of = (d, t) => byDomain[d][t];
  const domains = byDomain.map((lists) => lists[DOMAIN][0]);

  for (let d = 0; d < domains.length; d++) {
    const ous = of(d, OU);
    ous.forEach((ou, i) => edge(i < Math.max(1, ous.length / 10) ? domains[d] : ous[Math.floor(random() * i)], ou, K.Contains));
    for (const t of [USER, COMPUTER, GROUP]) for (const id of of(d, t)) edge(ous.length ? skewed(ous, 1.5) : domains[d], id, K.Contains);
    for (const gpo of of(d, GPO)) {
      const links = 1 + Math.floor(random() * 3);
      for (let i = 0; i < links; i++) edge(gpo, ous.length && random() < 0.9 ? pick(ous) : domains[d], K.GPLink);
    }
    const b = builtIn[d];
    const groups = of(d, GROUP).filter((g) => rid[g] >= 1000);
    const users = of(d, USER);
    const computers = of(d, COMPUTER).filter((c) => !tierZero.includes(c));
    for (const dc of of(d, COMPUTER).filter((c) => tierZero.includes(c))) edge(dc, b[516], K.MemberOf);
    for (const u of users) {
      edge(u, b[513], K.MemberOf);
      const k = 1 + Math.min(30, Math.floor(-Math.log(1 - random()) * 2.5));
      for (let i = 0; i < k && groups.length; i++) edge(u, skewed(groups, 3), K.MemberOf);
    }
    for (const c of computers) edge(c, b[515], K.MemberOf);
    for (const g of groups) {
      const k = Math.floor(-Math.log(1 - random()) * 1.5);
      for (let i = 0; i < k; i++) edge(g, skewed(groups, 2), K.MemberOf);
    }
    const admins = users.slice(0, 15);
    for (const a of admins) edge(a, b[512], K.MemberOf);
    for (const g of groups.slice(0, 3)) edge(g, random() < 0.5 ? b[512] : b[544], K.MemberOf);
    edge(b[512], b[544], K.MemberOf);
    if (b[519]) edge(b[519], b[544], K.MemberOf);
    for (const g of [b[512], b[544], b[516]]) {
      edge(g, domains[d], K.GetChanges);
      edge(g, domains[d], K.GetChangesAll);
      edge(g, domains[d], K.DCSync);
    }
    const adminGroups = groups.slice(0, Math.max(1, Math.floor(groups.length / 20)));
    for (const c of computers) {
      const sessions = Math.floor(random() * 5);
      for (let i = 0; i < sessions && users.length; i++) edge(c, pick(users), K.HasSession);
      if (random() < 0.01) edge(c, pick(admins), K.HasSession);
      const adminCount = 1 + Math.floor(random() * 2);
      for (let i = 0; i < adminCount; i++) edge(skewed(adminGroups, 2), c, K.AdminTo);
      if (random() < 0.05 && users.length) edge(pick(users), c, K.AdminTo);
      if (random() < 0.5) edge(skewed(groups, 2), c, pick([K.CanRDP, K.CanPSRemote, K.ExecuteDCOM]));
    }
    // A classic misconfiguration: everyone (Domain Users) controls a few machines.
    for (let i = 0; i < 3 && computers.length; i++) edge(b[513], pick(computers), K.GenericAll);
  }

  // The rest of the budget: ACEs, mostly held by a few principals, over objects of the same domain.
  const aclTotal = ACL.reduce((sum, [, w]) => sum + w, 0);
  const aclKind = () => {
    let u = random() * aclTotal;
    for (const [k, w] of ACL) if ((u -= w) <= 0) return K[k];
    return K.GenericAll;
  };
  const principals = byDomain.map((lists) => [
    ...lists[GROUP].filter((g) => rid[g] >= 1000),
    ...lists[USER],
  ]);
  const targetTypes = [USER, USER, USER, COMPUTER, COMPUTER, GROUP, OU, GPO];
  let guard = 0;
  while (count < wanted && guard++ < wanted * 20) {
    const d = domainFor();
    const k = aclKind();
    const t = k === K.ForceChangePassword ? USER : k === K.AddMember ? GROUP : pick(targetTypes);
    const targets = of(d, t);
    if (targets.length === 0 || principals[d].length === 0) continue;
    edge(skewed(principals[d], 4), pick(targets), k);
  }

  return { nodeCount: next - 1, type, domainOf, rid, name, tierZero, builtIn, byDomain, start, end, kind, edgeCount: count };
}
