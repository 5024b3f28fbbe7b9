// Cypher: the editor, Run (POST /api/v2/graphs/cypher; graphs go to the graph view, values to a table), errors
// with their line and column, saved queries and the pre-built library.
import './cypher.css';
import { useId, useRef, useState } from 'react';
import type { ApiGraph } from '../api/graph-types';
import { graphModel } from '../graph/graph-model';
import { failureMessage } from '../explore/failures';
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
  // Only the last run's answer counts: an earlier one that arrives late is dropped.
  const runs = useRef(0);

  async function run(text: string) {
    if (text.trim() === '') return;
    const ticket = ++runs.current;
    setRunning(true);
    setOutcome(null);
    try {
      const graph = await runCypher(text);
      if (ticket !== runs.current) return;
      const literals = graph?.literals ?? [];
      if (graph && hasGraph(graph)) {
        graphModel.replace(graph, 'cypher');
        setOutcome({ kind: 'graph', nodes: Object.keys(graph.nodes).length, edges: graph.edges.length, literals });
      } else if (literals.length > 0) {
        setOutcome({ kind: 'literals', literals });
      } else {
        setOutcome({ kind: 'empty' });
      }
    } catch (error) {
      if (ticket !== runs.current) return;
      const message = failureMessage(error);
      const position = error instanceof ApiFailure ? errorPosition(message) : null;
      setOutcome({ kind: 'error', message, position: position && describePosition(position) });
    } finally {
      if (ticket === runs.current) setRunning(false);
    }
  }

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
