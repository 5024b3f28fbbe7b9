// A layered layout that reads left to right, as attack paths do: sources (no incoming edge) on the left, every node
// one layer right of its furthest predecessor (cycles broken first), layers ordered by barycentres to cut
// crossings. Disconnected components are packed in shelves; nodes without any edge go to a compact grid.
// Everything is linear in nodes + edges (plus one sort per layer per sweep): 10,000 elements take milliseconds.

export interface LayoutEdge {
  source: string;
  target: string;
}

export interface Point {
  x: number;
  y: number;
}

/** Horizontal distance between layers (room for a label), vertical distance between rows. */
const LAYER_GAP = 6;
const COLUMN_GAP = 1.5;
const ROW_GAP = 1;
const COMPONENT_GAP = 2;
const SWEEPS = 3;
/** Folding: only components deeper than this, wider than FOLD_ASPECT × their height, aiming at TARGET_ASPECT. */
const FOLD_MIN_LAYERS = 24;
const FOLD_MIN_HEIGHT = 4;
const FOLD_ASPECT = 4;
const TARGET_ASPECT = 2;
const BAND_GAP = 3;
const MAX_STRETCH = 3;

/** Compressed adjacency: the edge ids of node i are list[start[i]..start[i+1]). */
interface Adjacency {
  start: Int32Array;
  list: Int32Array;
}

function adjacency(n: number, from: Int32Array, count: number): Adjacency {
  const start = new Int32Array(n + 1);
  for (let e = 0; e < count; e++) start[from[e] + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const list = new Int32Array(count);
  for (let e = 0; e < count; e++) list[fill[from[e]]++] = e;
  return { start, list };
}

/**
 * Positions for every node id (y grows downwards). Edges whose ends are not among `nodeIds` and self-loops are
 * ignored; duplicates are harmless.
 */
export function layeredLayout(nodeIds: readonly string[], edges: readonly LayoutEdge[]): Map<string, Point> {
  const n = nodeIds.length;
  const index = new Map<string, number>();
  nodeIds.forEach((id, i) => index.set(id, i));

  const src = new Int32Array(edges.length);
  const dst = new Int32Array(edges.length);
  let m = 0;
  for (const edge of edges) {
    const s = index.get(edge.source);
    const t = index.get(edge.target);
    if (s === undefined || t === undefined || s === t) continue;
    src[m] = s;
    dst[m] = t;
    m++;
  }
  const out = adjacency(n, src, m);
  const inc = adjacency(n, dst, m);

  const back = breakCycles(n, m, dst, out, inc);
  const layer = longestPathLayers(n, m, dst, out, back);
  const component = components(n, m, src, dst);

  // Group nodes by component (in DFS discovery order, a good first ordering) and split off lone nodes.
  const groups = new Map<number, number[]>();
  for (const v of back.order) {
    const c = component[v];
    let group = groups.get(c);
    if (!group) groups.set(c, (group = []));
    group.push(v);
  }
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const boxes: Box[] = [];
  const lone: number[] = [];
  const scratch = { key: new Float64Array(n), rank: new Int32Array(n) };
  for (const group of groups.values()) {
    if (group.length === 1) lone.push(group[0]);
    else boxes.push(layoutComponent(group, layer, src, dst, out, inc, back.isBack, x, y, scratch));
  }
  if (lone.length > 0) boxes.push(gridBox(lone, x, y));
  pack(boxes, x, y);

  const positions = new Map<string, Point>();
  for (let i = 0; i < n; i++) positions.set(nodeIds[i], { x: x[i], y: y[i] });
  return positions;
}

interface CycleBreak {
  /** 1 for edges that close a cycle: ignored by layering. */
  isBack: Uint8Array;
  /** Nodes in DFS discovery order. */
  order: number[];
}

/** Iterative DFS from the sources, then from whatever is left; edges to a node on the stack are back edges. */
function breakCycles(n: number, m: number, dst: Int32Array, out: Adjacency, inc: Adjacency): CycleBreak {
  const isBack = new Uint8Array(m);
  const state = new Uint8Array(n); // 0 new, 1 on the stack, 2 done
  const next = out.start.slice(0, n);
  const order: number[] = [];
  const stack = new Int32Array(n);
  const visit = (startNode: number) => {
    if (state[startNode] !== 0) return;
    let top = 0;
    stack[0] = startNode;
    state[startNode] = 1;
    order.push(startNode);
    while (top >= 0) {
      const u = stack[top];
      if (next[u] < out.start[u + 1]) {
        const e = out.list[next[u]++];
        const v = dst[e];
        if (state[v] === 0) {
          state[v] = 1;
          order.push(v);
          stack[++top] = v;
        } else if (state[v] === 1) {
          isBack[e] = 1;
        }
      } else {
        state[u] = 2;
        top--;
      }
    }
  };
  for (let v = 0; v < n; v++) if (inc.start[v + 1] === inc.start[v]) visit(v);
  for (let v = 0; v < n; v++) visit(v);
  return { isBack, order };
}

/** Layer = length of the longest path from a source over the acyclic edges (Kahn's order). */
function longestPathLayers(n: number, m: number, dst: Int32Array, out: Adjacency, back: CycleBreak): Int32Array {
  const indegree = new Int32Array(n);
  for (let e = 0; e < m; e++) if (!back.isBack[e]) indegree[dst[e]]++;
  const layer = new Int32Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let v = 0; v < n; v++) if (indegree[v] === 0) queue[tail++] = v;
  while (head < tail) {
    const u = queue[head++];
    for (let k = out.start[u]; k < out.start[u + 1]; k++) {
      const e = out.list[k];
      if (back.isBack[e]) continue;
      const v = dst[e];
      if (layer[u] + 1 > layer[v]) layer[v] = layer[u] + 1;
      if (--indegree[v] === 0) queue[tail++] = v;
    }
  }
  return layer;
}

/** Weakly connected components (union-find); the value is a representative node. */
function components(n: number, m: number, src: Int32Array, dst: Int32Array): Int32Array {
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  for (let e = 0; e < m; e++) {
    const a = find(src[e]);
    const b = find(dst[e]);
    if (a !== b) parent[a] = b;
  }
  for (let i = 0; i < n; i++) parent[i] = find(i);
  return parent;
}

/** A laid out group of nodes, positioned from (0, 0), to be moved into place by `pack`. */
interface Box {
  nodes: number[];
  width: number;
  height: number;
}

/** Per-node work arrays shared by every component (allocated once). */
interface Scratch {
  key: Float64Array;
  rank: Int32Array;
}

/** One component: layers left to right; a tall layer wraps into several columns so big graphs stay readable. */
function layoutComponent(
  nodes: number[], layer: Int32Array, src: Int32Array, dst: Int32Array, out: Adjacency, inc: Adjacency,
  isBack: Uint8Array, x: Float64Array, y: Float64Array, scratch: Scratch,
): Box {
  const { key, rank } = scratch;
  let depth = 0;
  for (const v of nodes) depth = Math.max(depth, layer[v] + 1);
  const layers: number[][] = Array.from({ length: depth }, () => []);
  for (const v of nodes) layers[layer[v]].push(v);
  // About as tall as wide for a fan-in of paths (most nodes in the first layers), as the panel between the sidebars is.
  const maxRows = Math.max(24, Math.ceil(4 * Math.sqrt(nodes.length)));
  const columns = layers.map((l) => Math.ceil(l.length / maxRows));

  // Rows are centred on 0 so layers of different heights line up on their middles.
  const place = (l: number) => {
    const members = layers[l];
    const cols = columns[l];
    const rows = Math.ceil(members.length / cols);
    members.forEach((v, i) => {
      y[v] = (Math.floor(i / cols) - (rows - 1) / 2) * ROW_GAP;
      x[v] = (i % cols) * COLUMN_GAP;
    });
  };
  layers.forEach((_, l) => place(l));

  const sweep = (l: number, neighbours: Adjacency, end: Int32Array) => {
    const members = layers[l];
    for (const v of members) {
      let sum = 0;
      let count = 0;
      for (let k = neighbours.start[v]; k < neighbours.start[v + 1]; k++) {
        const e = neighbours.list[k];
        if (isBack[e]) continue;
        sum += y[end[e]];
        count++;
      }
      key[v] = count > 0 ? sum / count : y[v];
    }
    members.forEach((v, i) => (rank[v] = i));
    members.sort((a, b) => key[a] - key[b] || rank[a] - rank[b]);
    place(l);
  };
  for (let pass = 0; pass < SWEEPS; pass++) {
    if (pass % 2 === 0) for (let l = 1; l < depth; l++) sweep(l, inc, src);
    else for (let l = depth - 2; l >= 0; l--) sweep(l, out, dst);
  }

  // Where each layer starts: after the columns of the layers before it.
  const start = new Float64Array(depth);
  let offset = 0;
  layers.forEach((_, l) => {
    start[l] = offset;
    offset += (columns[l] - 1) * COLUMN_GAP + LAYER_GAP;
  });
  const width = offset - LAYER_GAP;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const v of nodes) {
    minY = Math.min(minY, y[v]);
    maxY = Math.max(maxY, y[v]);
  }
  // A wide component gets more room between rows (up to MAX_STRETCH×): the view fits the width anyway, so the
  // height is free, and rows further apart keep labels apart.
  const spread = maxY - minY;
  const stretch = spread > 0 ? Math.min(MAX_STRETCH, Math.max(1, width / (TARGET_ASPECT * spread))) : 1;
  if (stretch > 1) {
    for (const v of nodes) y[v] *= stretch;
    minY *= stretch;
    maxY *= stretch;
  }
  const height = maxY - minY;

  // A very long sequence of layers (a long chain, a dense random graph) folds into bands read like lines of text,
  // so the component is not a thin line across the screen.
  const folded = Math.max(height, FOLD_MIN_HEIGHT);
  const bands = depth > FOLD_MIN_LAYERS && width > FOLD_ASPECT * folded
    ? Math.max(1, Math.round(Math.sqrt(width / (TARGET_ASPECT * folded))))
    : 1;
  const bandWidth = width / bands;
  const bandStart: number[] = [];
  let boxWidth = 0;
  layers.forEach((members, l) => {
    const band = Math.min(bands - 1, Math.floor(start[l] / bandWidth));
    bandStart[band] ??= start[l];
    const left = start[l] - bandStart[band];
    boxWidth = Math.max(boxWidth, left + (columns[l] - 1) * COLUMN_GAP);
    for (const v of members) {
      x[v] += left;
      y[v] += band * (height + BAND_GAP) - minY;
    }
  });
  return { nodes, width: boxWidth, height: bands * height + (bands - 1) * BAND_GAP };
}

/** Nodes without edges: a near-square grid. */
function gridBox(nodes: number[], x: Float64Array, y: Float64Array): Box {
  const cols = Math.ceil(Math.sqrt((nodes.length * 2 * ROW_GAP) / (2 * COLUMN_GAP)));
  nodes.forEach((v, i) => {
    x[v] = (i % cols) * COLUMN_GAP * 2;
    y[v] = Math.floor(i / cols) * ROW_GAP;
  });
  const rows = Math.ceil(nodes.length / cols);
  return { nodes, width: (Math.min(cols, nodes.length) - 1) * COLUMN_GAP * 2, height: (rows - 1) * ROW_GAP };
}

/** Shelf packing, biggest first: wide components (paths) end up stacked, small ones share a shelf. */
function pack(boxes: Box[], x: Float64Array, y: Float64Array): void {
  boxes.sort((a, b) => b.height - a.height || b.width - a.width);
  let area = 0;
  let widest = 0;
  for (const box of boxes) {
    area += (box.width + COMPONENT_GAP) * (box.height + COMPONENT_GAP);
    widest = Math.max(widest, box.width);
  }
  const shelfWidth = Math.max(widest, Math.sqrt(area) * 1.5);
  let cursorX = 0;
  let shelfY = 0;
  let shelfHeight = 0;
  for (const box of boxes) {
    if (cursorX > 0 && cursorX + box.width > shelfWidth) {
      shelfY += shelfHeight + COMPONENT_GAP;
      cursorX = 0;
      shelfHeight = 0;
    }
    for (const v of box.nodes) {
      x[v] += cursorX;
      y[v] += shelfY;
    }
    cursorX += box.width + COMPONENT_GAP * 2;
    shelfHeight = Math.max(shelfHeight, box.height);
  }
}
