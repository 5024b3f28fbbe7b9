// Pathfinding: every shortest path from a start node to an end node (GET /api/v2/graphs/shortest-path), or to
// any Tier Zero node (a Cypher shortestPath: the API has no route for it), over the picked edge kinds.
import { useEffect, useRef, useState } from 'react';
import { ApiFailure, getData } from '../api/client';
import type { ApiGraph } from '../api/graph-types';
import { graphModel } from '../graph/graph-model';
import { hasGraph, runCypher } from '../cypher/cypher-api';
import { EdgeKindFilter } from './EdgeKindFilter';
import { failureMessage, isAbort } from '../api/failure-message';
import { NodeSearchBox } from './NodeSearchBox';
import type { SearchResult } from './explore-api';
import { shortestPathQuery, tierZeroPathQuery, type EdgeKindOption } from './pathfinding';
import { traversableEdgeKinds } from './edge-kinds-api';

type Outcome = { kind: 'found'; nodes: number; edges: number } | { kind: 'none' } | { kind: 'error'; message: string } | null;

export function PathfindingTab() {
  const [start, setStart] = useState<SearchResult | null>(null);
  const [end, setEnd] = useState<SearchResult | null>(null);
  const [toTierZero, setToTierZero] = useState(false);
  const [kinds, setKinds] = useState<EdgeKindOption[]>([]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [kindsError, setKindsError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The search in progress: aborted when the tab goes.
  const searching = useRef<AbortController | null>(null);
  useEffect(() => () => searching.current?.abort(), []);

  useEffect(() => {
    let live = true;
    traversableEdgeKinds().then(
      (loaded) => {
        if (!live) return;
        setKinds(loaded);
        setPicked(new Set(loaded.map((k) => k.name)));
      },
      (error: unknown) => live && setKindsError(`Edge kinds could not be read (${failureMessage(error)}); paths use every attack-path kind.`),
    );
    return () => {
      live = false;
    };
  }, []);

  const noKinds = kinds.length > 0 && picked.size === 0;
  const ready = start !== null && (toTierZero || end !== null) && !noKinds && !busy;

  async function find() {
    if (!start || (!toTierZero && !end)) return;
    searching.current?.abort();
    const controller = new AbortController();
    searching.current = controller;
    // A graph asked for later (a search choice, a Cypher run) wins over this path if it answers first.
    const ticket = graphModel.begin();
    setBusy(true);
    setOutcome(null);
    try {
      const graph = toTierZero
        ? await runCypher(tierZeroPathQuery(start.objectid, picked, kinds), controller.signal)
        : await shortestPath(start, end!, controller.signal);
      if (controller.signal.aborted) return;
      if (!graph || !hasGraph(graph)) {
        setOutcome({ kind: 'none' });
        return;
      }
      if (graphModel.replace(graph, 'pathfinding', ticket)) {
        setOutcome({ kind: 'found', nodes: Object.keys(graph.nodes).length, edges: graph.edges.length });
      }
    } catch (error) {
      if (!isAbort(error) && !controller.signal.aborted) setOutcome({ kind: 'error', message: failureMessage(error) });
    } finally {
      if (searching.current === controller) {
        searching.current = null;
        setBusy(false);
      }
    }
  }

  async function shortestPath(from: SearchResult, to: SearchResult, signal: AbortSignal): Promise<ApiGraph | null> {
    try {
      return await getData<ApiGraph>('/api/v2/graphs/shortest-path', {
        query: shortestPathQuery(from.objectid, to.objectid, picked, kinds),
        signal,
      });
    } catch (error) {
      // 404 `resource not found`: both nodes exist but no path joins them (`node not found` is a real error).
      if (error instanceof ApiFailure && error.status === 404 && !/node not found/i.test(error.message)) return null;
      throw error;
    }
  }

  return (
    <div className="ex-stack">
      <NodeSearchBox label="Start node" onChoose={setStart} onEdit={() => setStart(null)} />
      <NodeSearchBox label="End node" onChoose={setEnd} onEdit={() => setEnd(null)} disabled={toTierZero} />
      <label className="ex-check">
        <input type="checkbox" checked={toTierZero} onChange={(event) => setToTierZero(event.target.checked)} />
        To Tier Zero
      </label>
      <div className="ex-row">
        <button type="button" className="ex-primary" disabled={!ready} onClick={() => void find()}>
          Find path
        </button>
        {busy && <span className="ex-muted" role="status">Searching…</span>}
      </div>
      {noKinds && <p className="error" role="alert">Pick at least one edge kind.</p>}
      {outcome?.kind === 'none' && <p role="status" className="ex-status">No path found</p>}
      {outcome?.kind === 'found' && (
        <p role="status" className="ex-status">
          Path drawn: {outcome.nodes} nodes, {outcome.edges} edges.
        </p>
      )}
      {outcome?.kind === 'error' && <p role="alert" className="error">{outcome.message}</p>}
      {kindsError && <p role="alert" className="error">{kindsError}</p>}
      {kinds.length > 0 && <EdgeKindFilter kinds={kinds} picked={picked} onChange={setPicked} />}
    </div>
  );
}
