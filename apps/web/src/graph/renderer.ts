// The WebGL side of the graph view: one sigma instance per GraphView mount (a new one each time Explore is shown,
// killed when it goes). While it lives, each model snapshot becomes a fresh graphology graph built off-screen (no
// per-item events) and swapped in with setGraph: one full refresh, no sigma re-creation. Loaded lazily (sigma is most
// of the explorer's JavaScript) by GraphView.
import Graph from 'graphology';
import Sigma from 'sigma';
import type { RendererView } from '../app/test-hooks';
import type { Selection } from '../app/selection';
import { kindStyle } from '../app/kinds';
import type { GraphSnapshot, ModelNode } from './graph-model';
import { layeredLayout } from './layout';
import { OWNED_COLOR, sigmaOptions, TIER_ZERO_COLOR, type RenderEdge, type RenderNode } from './sigma-options';

type RenderGraph = Graph<RenderNode, RenderEdge>;

export interface RendererEvents {
  clickNode(node: { id: string; objectId: string; kind: string; label: string }): void;
  clickEdge(key: string): void;
  clickStage(): void;
  /** WebGL context lost (message) or restored (null). */
  failure(message: string | null): void;
}

const HIDE_EDGES_ON_MOVE_ABOVE = 2000;

/** Base node radius in pixels: smaller as graphs grow, so a fitted 4,000-node graph does not turn into a blot. */
function baseSize(count: number): number {
  if (count <= 60) return 9;
  if (count <= 600) return 6;
  return 3.5;
}

/** Tier Zero and Owned nodes are drawn bigger as well as ringed. */
function nodeSize(node: ModelNode, base: number): number {
  return node.isTierZero ? base * 1.6 : node.isOwnedObject ? base * 1.3 : base;
}

function marks(node: ModelNode): Pick<RenderNode, 'markOuter' | 'markInner'> {
  if (node.isTierZero) return { markOuter: TIER_ZERO_COLOR, markInner: node.isOwnedObject ? OWNED_COLOR : 'transparent' };
  return { markOuter: node.isOwnedObject ? OWNED_COLOR : 'transparent', markInner: 'transparent' };
}

export class GraphRenderer {
  private readonly sigma: Sigma<RenderNode, RenderEdge>;
  private pendingSince: number | null = null;
  private lastDrawMs: number | null = null;
  private highlighted: { nodes: string[]; edges: string[] } = { nodes: [], edges: [] };

  /** Throws when WebGL 2 cannot start. */
  constructor(container: HTMLElement, private readonly events: RendererEvents) {
    const graph: RenderGraph = new Graph({ type: 'directed', multi: true, allowSelfLoops: true });
    this.sigma = new Sigma(graph, container, sigmaOptions() as never);
    this.sigma.on('afterRender', () => {
      if (this.pendingSince === null) return;
      this.lastDrawMs = performance.now() - this.pendingSince;
      this.pendingSince = null;
    });
    this.sigma.on('clickNode', ({ node }) => {
      const a = this.sigma.getGraph().getNodeAttributes(node);
      events.clickNode({ id: node, objectId: a.objectId, kind: a.kind, label: a.label });
    });
    this.sigma.on('clickEdge', ({ edge }) => events.clickEdge(edge));
    this.sigma.on('clickStage', () => events.clickStage());
    this.sigma.on('webglContextLost', () => events.failure('The graph renderer lost its WebGL context; it comes back if the browser restores it.'));
    this.sigma.on('webglContextRestored', () => events.failure(null));
    this.warmUp();
  }

  /**
   * Draws a tiny graph once (a marked node, an edge, labels, a highlighted item) and clears it: the GPU compiles its
   * shaders now, while the user is still choosing a query, instead of on the first big answer (seconds with
   * software WebGL).
   */
  private warmUp(): void {
    const graph: RenderGraph = new Graph({ type: 'directed', multi: true, allowSelfLoops: true });
    const node = { kind: 'User', objectId: '', size: 9, color: '#17a34a', tierZero: true, owned: true, markOuter: TIER_ZERO_COLOR, markInner: OWNED_COLOR };
    graph.addNode('a', { ...node, label: 'warm-up', x: 0, y: 0 });
    graph.addNode('b', { ...node, label: 'warm-up', x: 1, y: 0 });
    graph.addDirectedEdgeWithKey('a|MemberOf|b', 'a', 'b', { kind: 'MemberOf', label: 'MemberOf' });
    this.sigma.setGraph(graph);
    this.sigma.setNodesState(['a'], { isHighlighted: true });
    this.sigma.setEdgesState(['a|MemberOf|b'], { isHighlighted: true });
    this.sigma.refresh();
    this.sigma.setGraph(new Graph({ type: 'directed', multi: true, allowSelfLoops: true }));
  }

  /** Draws a snapshot; `arrivedAt` (performance.now()) starts the lastDrawMs clock. */
  load(snapshot: GraphSnapshot, arrivedAt: number): void {
    this.pendingSince = arrivedAt;
    const current = this.sigma.getGraph();
    if (this.sameElements(current, snapshot)) {
      // Same nodes and edges (Owned toggled, a re-run): update the marks in place, keep layout and camera.
      const size = baseSize(snapshot.nodes.length);
      for (const node of snapshot.nodes) {
        current.mergeNodeAttributes(node.id, { ...marks(node), size: nodeSize(node, size), tierZero: node.isTierZero, owned: node.isOwnedObject });
      }
      this.sigma.refresh();
      return;
    }
    const positions = layeredLayout(snapshot.nodes.map((n) => n.id), snapshot.edges);
    const size = baseSize(snapshot.nodes.length);
    const graph: RenderGraph = new Graph({ type: 'directed', multi: true, allowSelfLoops: true });
    for (const node of snapshot.nodes) {
      const p = positions.get(node.id)!;
      graph.addNode(node.id, {
        label: node.label,
        kind: node.kind,
        objectId: node.objectId,
        // Sigma's y axis points up; the layout's points down (first row on top).
        x: p.x,
        y: -p.y,
        size: nodeSize(node, size),
        color: kindStyle(node.kind, node.kinds).color,
        ...marks(node),
        tierZero: node.isTierZero,
        owned: node.isOwnedObject,
      });
    }
    for (const edge of snapshot.edges) {
      if (!graph.hasNode(edge.source) || !graph.hasNode(edge.target)) continue;
      graph.addDirectedEdgeWithKey(edge.key, edge.source, edge.target, { kind: edge.kind, label: edge.kind });
    }
    this.highlighted = { nodes: [], edges: [] };
    // Big graphs: draw edges only when the camera rests, so panning and zooming stay fluid.
    this.sigma.setSetting('hideEdgesOnMove', snapshot.edges.length > HIDE_EDGES_ON_MOVE_ABOVE);
    this.sigma.getCamera().setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 });
    this.sigma.setGraph(graph);
  }

  /** Marks the selected node or edge (a backdrop, a thicker edge). */
  highlight(selection: Selection): void {
    const graph = this.sigma.getGraph();
    if (this.highlighted.nodes.length) this.sigma.setNodesState(this.highlighted.nodes.filter((n) => graph.hasNode(n)), { isHighlighted: false });
    if (this.highlighted.edges.length) this.sigma.setEdgesState(this.highlighted.edges.filter((e) => graph.hasEdge(e)), { isHighlighted: false });
    this.highlighted = { nodes: [], edges: [] };
    if (selection?.type === 'node' && graph.hasNode(selection.id)) this.highlighted.nodes = [selection.id];
    if (selection?.type === 'edge' && graph.hasEdge(selection.key)) this.highlighted.edges = [selection.key];
    if (this.highlighted.nodes.length) this.sigma.setNodesState(this.highlighted.nodes, { isHighlighted: true });
    if (this.highlighted.edges.length) this.sigma.setEdgesState(this.highlighted.edges, { isHighlighted: true });
  }

  /** The container changed size (a panel opened): match the canvases to it. */
  resize(): void {
    this.sigma.resize();
    this.sigma.scheduleRefresh();
  }

  zoomToFit(): void {
    void this.sigma.getCamera().animate({ x: 0.5, y: 0.5, ratio: 1, angle: 0 }, { duration: 300 });
  }

  /**
   * The current view as a PNG: every canvas sigma layers in its container, composed in DOM order on a white
   * background. Captured right after a render, while the WebGL drawing buffer still holds the frame.
   */
  toPng(): Promise<Blob> {
    return new Promise((resolve, reject) => {
      const capture = () => {
        try {
          const container = this.sigma.getContainer();
          const canvases = [...container.querySelectorAll('canvas')].filter((c) => c.width > 0 && c.height > 0);
          const width = Math.max(...canvases.map((c) => c.width), 1);
          const height = Math.max(...canvases.map((c) => c.height), 1);
          const output = document.createElement('canvas');
          output.width = width;
          output.height = height;
          const context = output.getContext('2d');
          if (!context) throw new Error('No 2D canvas to compose the image');
          context.fillStyle = '#ffffff';
          context.fillRect(0, 0, width, height);
          for (const canvas of canvases) context.drawImage(canvas, 0, 0, width, height);
          output.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), 'image/png');
        } catch (error) {
          reject(error);
        }
      };
      this.sigma.once('afterRender', capture);
      this.sigma.refresh();
    });
  }

  /** What is drawn, for the browser tests: read from sigma's own graph, not the model. */
  view(): RendererView {
    const graph = this.sigma.getGraph();
    return {
      nodes: graph.mapNodes((id, a) => ({ id, label: a.label, x: a.x, y: a.y })),
      edges: graph.mapEdges((_key, a, source, target) => ({ source, target, kind: a.kind })),
      lastDrawMs: this.lastDrawMs,
      error: null,
    };
  }

  kill(): void {
    this.sigma.kill();
  }

  private sameElements(graph: RenderGraph, snapshot: GraphSnapshot): boolean {
    if (graph.order === 0 || graph.order !== snapshot.nodes.length || graph.size !== snapshot.edges.length) return false;
    return snapshot.nodes.every((n) => graph.hasNode(n.id)) && snapshot.edges.every((e) => graph.hasEdge(e.key));
  }
}
