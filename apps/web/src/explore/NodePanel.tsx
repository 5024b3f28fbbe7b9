// A node's panel: its name and kind, Tier Zero and Owned badges, "Mark as Owned", every related list of its entity
// type with its count (GET /api/v2/{type}/{id}?counts=true, or the Azure form), and its properties.
import './explore.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { request } from '../api/client';
import { kindStyle } from '../app/kinds';
import { PropertyList } from '../app/PropertyList';
import type { Selection } from '../app/selection';
import { graphModel } from '../graph/graph-model';
import { entityRouteOf, infoCall, panelLists, type EntityRoute } from './entity-routes';
import { nodeByObjectId } from './explore-api';
import { failureMessage, isAbort } from '../api/failure-message';
import { readNodeInfo, type NodeInfo } from './node-info';
import { setOwned } from './owned-api';
import { RelatedListSection } from './RelatedListSection';

type SelectedNode = Extract<Selection, { type: 'node' }>;

export function NodePanel({ node }: { node: SelectedNode }) {
  // A new node starts from a clean panel (lists closed, no stale answer).
  return <NodePanelBody key={`${node.id}|${node.objectId}`} node={node} />;
}

type Load = { status: 'loading' } | { status: 'ready'; info: NodeInfo } | { status: 'error'; message: string } | { status: 'none' };

function NodePanelBody({ node }: { node: SelectedNode }) {
  const modelNode = graphModel.node(node.id);
  const kinds = modelNode?.kinds ?? [];
  const kindKey = kinds.join(',');
  const route = useMemo<EntityRoute | null>(
    () => (node.objectId ? entityRouteOf(node.kind, kindKey ? kindKey.split(',') : []) : null),
    [node.kind, node.objectId, kindKey],
  );
  const lists = useMemo(() => (route ? panelLists(route) : []), [route]);
  // Without an entity endpoint, the graph node itself (from Cypher) is all there is to show.
  const needsNode = !route && node.objectId !== '' && !modelNode?.properties;
  const [load, setLoad] = useState<Load>(route || needsNode ? { status: 'loading' } : { status: 'none' });
  const [reloads, setReloads] = useState(0);
  const [owning, setOwning] = useState(false);
  const [ownedError, setOwnedError] = useState<string | null>(null);
  const [ownedNotice, setOwnedNotice] = useState<string | null>(null);
  // What the last toggle asked for, until the refreshed info confirms (or contradicts) it.
  const [expected, setExpected] = useState<boolean | null>(null);
  const expectedRef = useRef<boolean | null>(null);
  const listsTitle = useId();
  const propsTitle = useId();

  useEffect(() => {
    if (!route) return;
    const controller = new AbortController();
    // infoCall refuses object ids no path can carry (".", ".."): an ordinary panel error, not a broken page.
    Promise.resolve()
      .then(() => infoCall(route, node.objectId))
      .then((call) => request<{ data?: unknown }>(call.path, { query: call.query, signal: controller.signal }))
      .then(
      (body) => {
        const fresh = readNodeInfo(route, lists, body?.data);
        setLoad({ status: 'ready', info: fresh });
        const asked = expectedRef.current;
        if (asked !== null && asked !== fresh.owned) {
          // A selector of the Owned label that is not a plain object id (a Cypher one) still selects it, or the
          // evaluation left it out: show what the API says.
          graphModel.setOwned(node.id, fresh.owned);
          setOwnedNotice(fresh.owned ? 'Still Owned: another selector of the Owned label selects this node.' : 'Not Owned after evaluation.');
        }
        expectedRef.current = null;
        setExpected(null);
      },
      (error: unknown) => !isAbort(error) && setLoad({ status: 'error', message: failureMessage(error) }),
    );
    return () => controller.abort();
  }, [route, lists, node.id, node.objectId, reloads]);

  useEffect(() => {
    if (!needsNode) return;
    let live = true;
    nodeByObjectId(node.objectId).then(
      (graph) => {
        const found = graph ? Object.values(graph.nodes)[0] : undefined;
        if (!live) return;
        expectedRef.current = null;
        setExpected(null);
        if (!found) setLoad({ status: 'none' });
        else {
          setLoad({
            status: 'ready',
            info: {
              name: found.label, kinds: found.kinds, properties: found.properties ?? {}, tierZero: found.isTierZero,
              owned: found.isOwnedObject, counts: {},
            },
          });
        }
      },
      (error: unknown) => live && setLoad({ status: 'error', message: failureMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [needsNode, node.objectId, reloads]);

  const info = load.status === 'ready' ? load.info : null;
  const name = info?.name || node.label || node.objectId;
  const style = kindStyle(node.kind, info?.kinds ?? kinds);
  const tierZero = info?.tierZero ?? modelNode?.isTierZero ?? false;
  const owned = expected ?? info?.owned ?? modelNode?.isOwnedObject ?? false;
  const properties = info?.properties ?? modelNode?.properties ?? {};

  async function toggleOwned() {
    const next = !owned;
    setOwning(true);
    setOwnedError(null);
    setOwnedNotice(null);
    try {
      await setOwned(node.objectId, next);
      graphModel.setOwned(node.id, next);
      setOwnedNotice(next ? 'Marked as Owned.' : 'No longer Owned.');
      expectedRef.current = next;
      setExpected(next);
      setReloads((n) => n + 1);
    } catch (error) {
      setOwnedError(failureMessage(error));
    } finally {
      setOwning(false);
    }
  }

  return (
    <aside className="details ex-details" aria-label="Node details">
      <div className="ex-node-head">
        <span className="ex-glyph ex-glyph-large" style={{ borderColor: style.color }} aria-hidden="true">{style.glyph}</span>
        <h2>{name}</h2>
      </div>
      <p className="ex-badges">
        <span className="ex-kind-label">{style.label}</span>
        {tierZero && <span className="ex-badge ex-badge-tier0">Tier Zero</span>}
        {owned && <span className="ex-badge ex-badge-owned">Owned</span>}
      </p>
      {node.objectId && (
        <div className="ex-row">
          <button type="button" disabled={owning || load.status === 'loading'} onClick={() => void toggleOwned()}>
            {owned ? 'Unmark Owned' : 'Mark as Owned'}
          </button>
          {owning && <span className="ex-muted" role="status">Saving…</span>}
        </div>
      )}
      {ownedError && <p className="error" role="alert">{ownedError}</p>}
      {ownedNotice && <p className="ex-muted" role="status">{ownedNotice}</p>}
      {load.status === 'loading' && <p className="ex-muted" role="status">Loading details…</p>}
      {load.status === 'error' && <p className="error" role="alert">{load.message}</p>}
      {route && lists.length > 0 && (
        <section aria-labelledby={listsTitle} className="ex-section">
          <h3 id={listsTitle}>Related</h3>
          <ul className="ex-lists">
            {lists.map((list) => (
              <RelatedListSection
                key={list.label}
                route={route}
                list={list}
                objectId={node.objectId}
                nodeName={name}
                count={list.countKey ? info?.counts[list.countKey] : undefined}
              />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={propsTitle} className="ex-section">
        <h3 id={propsTitle}>Properties</h3>
        {Object.keys(properties).length === 0 ? (
          <p className="ex-muted">{load.status === 'loading' ? '…' : 'No properties.'}</p>
        ) : (
          <PropertyList properties={properties} />
        )}
      </section>
    </aside>
  );
}
