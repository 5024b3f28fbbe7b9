// Cypher: the editor, Run (POST /api/v2/graphs/cypher; graphs go to the graph view, values to a table), errors
// with their line and column, saved queries and the pre-built library.
import './cypher.css';
import { useEffect, useId, useRef, useState } from 'react';
import type { ApiGraph } from '../api/graph-types';
import { graphModel } from '../graph/graph-model';
import { failureMessage, isAbort } from '../api/failure-message';
import { ApiFailure } from '../api/client';
import { hasGraph, runCypher } from './cypher-api';
import { describePosition, errorPosition } from './cypher-text';
import { LiteralTable } from './LiteralTable';
import { PrebuiltQueries } from './PrebuiltQueries';
import { SavedQueries } from './SavedQueries';

type Outcome =
  | { kind: 'graph'; nodes: number; edges: number; literals: NonNullable<ApiGraph['literals']> }
  | { kind: 'literals'; literals: NonNullable<ApiGraph['literals']> }
  | { kind: 'empty' }
  | { kind: 'error'; message: string; position: string | null }
  | null;

export function CypherTab() {
  const editorId = useId();
  const [query, setQuery] = useState('');
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The run in progress: a new run (Ctrl+Enter, a pre-built or saved query picked meanwhile) aborts it, so a user
  // holds one Cypher request at a time (the server allows 4 graph requests per user); leaving the page aborts it too.
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  async function run(text: string) {
    if (text.trim() === '') return;
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    // A graph asked for later elsewhere (a search choice, a path) wins over this run if it answers first.
    const ticket = graphModel.begin();
    setRunning(true);
    setOutcome(null);
    try {
      const graph = await runCypher(text, controller.signal);
      // An aborted run shows nothing: the run that replaced it shows its own answer.
      if (controller.signal.aborted) return;
      const literals = graph?.literals ?? [];
      if (graph && hasGraph(graph)) {
        if (graphModel.replace(graph, 'cypher', ticket)) {
          setOutcome({ kind: 'graph', nodes: Object.keys(graph.nodes).length, edges: graph.edges.length, literals });
        }
      } else if (literals.length > 0) {
        setOutcome({ kind: 'literals', literals });
      } else {
        setOutcome({ kind: 'empty' });
      }
    } catch (error) {
      if (isAbort(error) || controller.signal.aborted) return;
      const message = failureMessage(error);
      const position = error instanceof ApiFailure ? errorPosition(message) : null;
      setOutcome({ kind: 'error', message, position: position && describePosition(position) });
    } finally {
      if (current.current === controller) {
        current.current = null;
        setRunning(false);
      }
    }
  }

  /** A pre-built or saved query: into the editor and run, replacing (aborting) a run in progress. */
  function load(text: string) {
    setQuery(text);
    void run(text);
  }

  return (
    <div className="ex-stack">
      <div className="ex-field">
        <label htmlFor={editorId}>Cypher query</label>
        <textarea
          id={editorId}
          className="ex-editor"
          rows={8}
          spellCheck={false}
          autoCapitalize="none"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter runs, as in most query editors.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void run(query);
            }
          }}
        />
      </div>
      <div className="ex-row">
        <button type="button" className="ex-primary" disabled={running || query.trim() === ''} onClick={() => void run(query)}>
          Run
        </button>
        {running && <span className="ex-muted" role="status">Running…</span>}
      </div>
      {outcome?.kind === 'error' && (
        <div role="alert" className="error ex-cypher-error">
          <p>{outcome.message}</p>
          {outcome.position && <p>At {outcome.position}.</p>}
        </div>
      )}
      {outcome?.kind === 'empty' && <p role="status" className="ex-status">No results</p>}
      {outcome?.kind === 'graph' && (
        <p role="status" className="ex-status">
          {outcome.nodes} nodes, {outcome.edges} edges drawn.
        </p>
      )}
      {(outcome?.kind === 'literals' || (outcome?.kind === 'graph' && outcome.literals.length > 0)) && (
        <LiteralTable literals={outcome.literals} />
      )}
      <SavedQueries current={query} onRun={load} />
      <PrebuiltQueries onPick={(prebuilt) => load(prebuilt.query)} />
    </div>
  );
}
