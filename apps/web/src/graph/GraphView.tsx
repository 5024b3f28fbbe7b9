// The graph: sigma (WebGL) draws graphModel; clicking selects a node, an edge or nothing. Sigma is loaded on first
// use so the sign-in page does not pay for it.
import { useEffect, useRef, useState } from 'react';
import { exposeRenderer, type RendererView } from '../app/test-hooks';
import { select, useSelection } from '../app/selection';
import { graphModel, type GraphSnapshot } from './graph-model';
import type { GraphRenderer } from './renderer';
import { download, downloadText } from '../app/download';
import { snapshotToApiGraph } from './export-json';
import { Legend } from './Legend';
import './graph.css';

const WEBGL_FAILED = 'The graph cannot be drawn: this browser could not start WebGL 2 (enable hardware acceleration or try another browser).';

export function GraphView() {
  const stageRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<GraphRenderer | null>(null);
  const [snapshot, setSnapshot] = useState<GraphSnapshot>(() => graphModel.snapshot());
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const selection = useSelection();

  useEffect(() => {
    let disposed = false;
    let failure: string | null = null;
    let pending: { snapshot: GraphSnapshot; arrivedAt: number } | null = { snapshot: graphModel.snapshot(), arrivedAt: performance.now() };
    // renderer() stays null until sigma has started (or failed to): tests wait for it, then trust its error.
    const expose = () => {
      const empty: RendererView = { nodes: [], edges: [], lastDrawMs: null, error: null };
      exposeRenderer(() => ({ ...(rendererRef.current?.view() ?? empty), error: failure }));
    };
    const fail = (message: string | null) => {
      failure = message;
      setError(message);
      expose();
    };
    const unsubscribe = graphModel.subscribe((next) => {
      const arrivedAt = performance.now();
      setSnapshot(next);
      if (rendererRef.current) rendererRef.current.load(next, arrivedAt);
      else pending = { snapshot: next, arrivedAt };
    });
    const resize = new ResizeObserver(() => rendererRef.current?.resize());
    import('./renderer')
      .then(({ GraphRenderer }) => {
        if (disposed || !stageRef.current) return;
        let renderer: GraphRenderer;
        try {
          renderer = new GraphRenderer(stageRef.current, {
            clickNode: (node) => select({ type: 'node', ...node }),
            clickEdge: (key) => select({ type: 'edge', key }),
            clickStage: () => select(null),
            failure: fail,
          });
        } catch (cause) {
          console.warn('Graph renderer failed to start', cause);
          fail(WEBGL_FAILED);
          return;
        }
        rendererRef.current = renderer;
        resize.observe(stageRef.current);
        if (pending) renderer.load(pending.snapshot, pending.arrivedAt);
        pending = null;
        expose();
        setReady(true);
      })
      .catch((cause: unknown) => {
        console.warn('Graph renderer failed to load', cause);
        if (!disposed) fail('The graph renderer could not be loaded; reload the page.');
      });
    return () => {
      disposed = true;
      unsubscribe();
      resize.disconnect();
      exposeRenderer(null);
      rendererRef.current?.kill();
      rendererRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) rendererRef.current?.highlight(selection);
  }, [ready, selection, snapshot]);

  const exportPng = async () => {
    if (!rendererRef.current) return;
    setBusy(true);
    setExportError(null);
    try {
      download(await rendererRef.current.toPng(), 'pathwarden-graph.png');
    } catch (cause) {
      setExportError(`The image could not be made: ${cause instanceof Error ? cause.message : String(cause)}`);
    } finally {
      setBusy(false);
    }
  };
  const exportJson = () => {
    const json = JSON.stringify(snapshotToApiGraph(graphModel.snapshot()), null, 2);
    downloadText('pathwarden-graph.json', json, 'application/json');
  };

  const isEmpty = snapshot.nodes.length === 0;
  return (
    <section className="graph" data-testid="graph" aria-label="Graph">
      <div className="graph-stage" ref={stageRef} />
      <div className="graph-toolbar">
        <button type="button" onClick={() => rendererRef.current?.zoomToFit()} disabled={!ready || isEmpty}>Zoom to fit</button>
        <button type="button" onClick={exportPng} disabled={!ready || isEmpty || busy}>Export PNG</button>
        <button type="button" onClick={exportJson} disabled={isEmpty}>Export JSON</button>
        <span className="graph-count" aria-live="polite">
          {isEmpty ? '' : `${snapshot.nodes.length} nodes, ${snapshot.edges.length} edges`}
        </span>
      </div>
      {error && <p className="graph-error" role="alert" data-testid="graph-error">{error}</p>}
      {exportError && <p className="graph-error" role="alert">{exportError}</p>}
      {isEmpty && !error && <p className="graph-hint">Search for a node or run a query</p>}
      {!isEmpty && <Legend snapshot={snapshot} />}
    </section>
  );
}
