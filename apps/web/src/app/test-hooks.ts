// Read-only views for the browser tests (and curious users in the console): the graph model and what the renderer
// holds. Nothing here can change state or reveal the session token.
import { graphModel, type GraphSnapshot } from '../graph/graph-model';

export interface RendererView {
  nodes: { id: string; label: string; x: number; y: number }[];
  edges: { source: string; target: string; kind: string }[];
  /** ms from the last graph change to the renderer's first frame of it. */
  lastDrawMs: number | null;
  /** WebGL could not start: the message the user sees. */
  error: string | null;
}

interface Hooks {
  graph(): GraphSnapshot;
  renderer(): RendererView | null;
}

let rendererView: (() => RendererView) | null = null;

/** The graph view registers how to read its renderer. */
export function exposeRenderer(view: (() => RendererView) | null): void {
  rendererView = view;
}

declare global {
  interface Window {
    __pathwarden?: Hooks;
  }
}

window.__pathwarden = Object.freeze({
  graph: () => graphModel.snapshot(),
  renderer: () => (rendererView ? rendererView() : null),
});
