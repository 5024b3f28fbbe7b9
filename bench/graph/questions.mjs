// Realistic shortest-path questions over the generated directory, each with `runs` instances picked (with the
// in-memory graph) so that the reachable ones really are reachable and the unreachable ones really are not.
import { EDGE_KINDS, NODE_TYPES, prng } from './directory.mjs';

const MEMBER_OF = EDGE_KINDS.indexOf('MemberOf');
const [GROUP, USER, COMPUTER] = ['Group', 'User', 'Computer'].map((t) => NODE_TYPES.indexOf(t));

/** Each question: a title and instances of { starts, ends } (node ids). */
export function pickQuestions(dir, graph, runs, seed) {
  const random = prng(seed ^ 0x5eed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const [users, computers] = [USER, COMPUTER].map((t) => dir.byDomain[0][t]);
  const domainAdmins = dir.builtIn[0][512];
  const principals = [...users, ...computers];
  const repeat = (make) => {
    const instances = [];
    for (let attempts = 0; instances.length < runs && attempts < runs * 200; attempts++) {
      const instance = make();
      if (instance) instances.push(instance);
    }
    return instances;
  };

  const toAdmins = repeat(() => {
    const user = pick(users);
    return graph.ball(user).distanceTo(domainAdmins) >= 2 ? { starts: [user], ends: [domainAdmins] } : undefined;
  });
  const toTierZero = repeat(() => ({ starts: [pick(computers)], ends: dir.tierZero }));
  const reachable = repeat(() => {
    const start = pick(principals);
    const { nodes, distanceTo } = graph.ball(start);
    const far = nodes.filter((id) => distanceTo(id) >= 2);
    return far.length ? { starts: [start], ends: [pick(far)] } : undefined;
  });
  const unreachable = repeat(() => {
    const start = pick(principals);
    const end = 1 + Math.floor(random() * dir.nodeCount);
    return graph.ball(start).distanceTo(end) >= 0 ? undefined : { starts: [start], ends: [end] };
  });
  const largest = largestGroup(dir, graph);
  const crowd = { starts: largest.members, ends: [domainAdmins] };

  return [
    { title: 'user -> Domain Admins', instances: toAdmins },
    { title: `computer -> Tier Zero (${dir.tierZero.length} nodes)`, instances: toTierZero },
    { title: 'random reachable pair', instances: reachable },
    { title: 'random unreachable pair', instances: unreachable },
    { title: `members of a big group (${largest.members.length}) -> DA`, instances: Array(runs).fill(crowd) },
  ];
}

/** The non-built-in group with the most direct user members, and those members. */
function largestGroup(dir, graph) {
  const members = new Map();
  for (let i = 0; i < dir.edgeCount; i++) {
    const group = dir.end[i];
    if (dir.kind[i] !== MEMBER_OF || dir.type[group] !== GROUP || dir.rid[group] < 1000 || dir.type[dir.start[i]] !== USER) continue;
    if (graph.out.offsets[dir.start[i]] === graph.out.offsets[dir.start[i] + 1]) continue;
    const list = members.get(group) ?? [];
    list.push(dir.start[i]);
    members.set(group, list);
  }
  let best = { group: 0, members: [] };
  for (const [group, list] of members) if (list.length > best.members.length) best = { group, members: list };
  return best;
}
