// An edge's panel: its kind, the two nodes it joins (buttons that open their panels), when it was last seen, its
// properties (read through Cypher when the graph came without them), its composition for composite kinds, and the
// help for its kind. Names and properties are collected data: React text only.
import { useEffect, useId, useMemo, useState } from 'react';
import { select } from '../app/selection';
import { graphModel } from '../graph/graph-model';
import { failureMessage, isAbort } from '../api/failure-message';
import { PropertyList } from '../app/PropertyList';
import { TimeText } from '../app/TimeText';
import { CompositionSection } from './CompositionSection';
import { edgeProperties } from './edge-api';
import { isCompositeKind, parseEdgeKey, type EdgeEnds } from './edge-query';
import { EdgeHelpSection } from './EdgeHelpSection';
import { useGraphVersion } from './use-graph-version';
import './edges.css';

export function EdgePanel({ edgeKey }: { edgeKey: string }) {
  // A new edge starts from a clean panel (no stale answers).
  return <EdgePanelBody key={edgeKey} edgeKey={edgeKey} />;
}

type Props = { status: 'loading' } | { status: 'ready'; properties: Record<string, unknown> | null } | { status: 'error'; message: string };

function EdgePanelBody({ edgeKey }: { edgeKey: string }) {
  useGraphVersion();
  const modelEdge = graphModel.edge(edgeKey);
  const ends = useMemo<EdgeEnds | null>(() => parseEdgeKey(edgeKey), [edgeKey]);
  const known = modelEdge?.properties;
  const [props, setProps] = useState<Props>(known ? { status: 'ready', properties: known } : { status: 'loading' });
  const propsTitle = useId();

  useEffect(() => {
    if (known || !ends) {
      setProps({ status: 'ready', properties: known ?? null });
      return;
    }
    const controller = new AbortController();
    edgeProperties(ends, controller.signal).then(
      (properties) => setProps({ status: 'ready', properties }),
      (error: unknown) => !isAbort(error) && setProps({ status: 'error', message: failureMessage(error) }),
    );
    return () => controller.abort();
  }, [ends, known]);

  if (!ends) {
    return (
      <aside className="details ex-details" aria-label="Edge details">
        <h2>Unknown edge</h2>
      </aside>
    );
  }
  const kind = modelEdge?.kind ?? ends.kind;
  const properties = props.status === 'ready' ? props.properties : null;
  return (
    <aside className="details ex-details" aria-label="Edge details">
      <h2 className="edge-title">{kind}</h2>
      <p className="edge-ends">
        <NodeButton id={ends.source} />
        <span aria-hidden="true"> → </span>
        <span className="visually-hidden"> to </span>
        <NodeButton id={ends.target} />
      </p>
      {modelEdge?.lastSeen && <p className="ex-muted ex-small">Last seen <TimeText value={modelEdge.lastSeen} /></p>}
      <section aria-labelledby={propsTitle} className="ex-section">
        <h3 id={propsTitle}>Properties</h3>
        {props.status === 'loading' && <p className="ex-muted" role="status">Loading properties…</p>}
        {props.status === 'error' && <p className="error" role="alert">{props.message}</p>}
        {props.status === 'ready' && (!properties || Object.keys(properties).length === 0) && <p className="ex-muted">No properties.</p>}
        {properties && Object.keys(properties).length > 0 && <PropertyList properties={properties} />}
      </section>
      {isCompositeKind(kind) && <CompositionSection edge={ends} />}
      <EdgeHelpSection kind={kind} />
    </aside>
  );
}

/** One end of the edge: its name, a button that opens its panel. */
function NodeButton({ id }: { id: string }) {
  const node = graphModel.node(id);
  const label = node?.label || node?.objectId || `node ${id}`;
  if (!node) return <span className="edge-end">{label}</span>;
  return (
    <button
      type="button"
      className="ex-link-button edge-end"
      onClick={() => select({ type: 'node', id, objectId: node.objectId, kind: node.kind, label: node.label })}
    >
      {label}
    </button>
  );
}
