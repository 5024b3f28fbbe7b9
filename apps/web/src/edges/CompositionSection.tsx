// "Composition" of a composite edge (ADCS ESC*, GoldenCert, NTLM relay): the paths that justify it, listed, and
// merged into the graph on demand.
import { useEffect, useId, useState } from 'react';
import type { ApiGraph } from '../api/graph-types';
import { graphModel } from '../graph/graph-model';
import { failureMessage, isAbort } from '../api/failure-message';
import { edgeComposition } from './edge-api';
import type { EdgeEnds } from './edge-query';

type Load = { status: 'loading' } | { status: 'ready'; graph: ApiGraph } | { status: 'error'; message: string };

export function CompositionSection({ edge }: { edge: EdgeEnds }) {
  const title = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    edgeComposition(edge, controller.signal).then(
      (graph) => setLoad({ status: 'ready', graph }),
      (error: unknown) => !isAbort(error) && setLoad({ status: 'error', message: failureMessage(error) }),
    );
    return () => controller.abort();
  }, [edge]);

  const graph = load.status === 'ready' ? load.graph : null;
  const name = (id: string) => graph?.nodes[id]?.label || graphModel.node(id)?.label || `node ${id}`;
  return (
    <section aria-labelledby={title} className="ex-section">
      <h3 id={title}>Composition</h3>
      {load.status === 'loading' && <p className="ex-muted" role="status">Loading the composition…</p>}
      {load.status === 'error' && <p className="error" role="alert">{load.message}</p>}
      {graph && graph.edges.length === 0 && <p className="ex-muted">No composition found for this edge.</p>}
      {graph && graph.edges.length > 0 && (
        <>
          <p className="ex-muted">
            {Object.keys(graph.nodes).length} nodes, {graph.edges.length} edges behind this {edge.kind} edge.
          </p>
          <ul className="edge-steps">
            {graph.edges.map((e) => (
              <li key={`${e.source}|${e.kind}|${e.target}`}>
                <span className="edge-end">{name(e.source)}</span>
                <span className="edge-kind"> —{e.kind}→ </span>
                <span className="edge-end">{name(e.target)}</span>
              </li>
            ))}
          </ul>
          <div className="ex-row">
            <button
              type="button"
              onClick={() => {
                graphModel.merge(graph, 'composition');
                setShown(true);
              }}
            >
              Show in graph
            </button>
            {shown && <span className="ex-muted" role="status">Added to the graph.</span>}
          </div>
        </>
      )}
    </section>
  );
}
