// One related list of a node's panel: a button with its count that expands it into a paged table (each name opens
// that node), with "Show in graph" (the list's graph merged into the view) and "Export CSV".
import { useEffect, useId, useRef, useState } from 'react';
import { kindStyle } from '../app/kinds';
import { graphModel } from '../graph/graph-model';
import { csvFileName, toCsv } from './csv';
import { downloadText } from '../app/download';
import type { EntityRoute, PanelList } from './entity-routes';
import { openNode } from './explore-api';
import { failureMessage, isAbort } from '../api/failure-message';
import { CSV_CAP, fetchListGraph, fetchListPage, fetchWholeList, MAX_PAGE } from './list-api';
import type { ListPage } from './node-info';

const PAGE = 25;

interface Props {
  route: EntityRoute;
  list: PanelList;
  objectId: string;
  nodeName: string;
  count: number | undefined;
}

export function RelatedListSection({ route, list, objectId, nodeName, count }: Props) {
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(0);
  const [data, setData] = useState<ListPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  // "Show in graph" / "Export CSV" in progress, and a list entry being opened: aborted when the panel goes (another
  // node opened) and, for entries, when another entry is opened.
  const action = useRef<AbortController | null>(null);
  const opening = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      action.current?.abort();
      opening.current?.abort();
    },
    [],
  );

  useEffect(() => {
    if (!open || !list.path) return;
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetchListPage(route, list, objectId, page * PAGE, PAGE, controller.signal).then(
      (loaded) => {
        setData(loaded);
        setLoading(false);
      },
      (failure: unknown) => {
        if (isAbort(failure)) return;
        setError(failureMessage(failure));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [open, page, route, list, objectId]);

  const shownCount = count ?? data?.count;
  if (!list.path) {
    // A count the API gives without a list route.
    return (
      <li className="ex-list ex-list-static">
        <span>{list.label}</span>
        <span className="ex-count">{shownCount ?? '–'}</span>
      </li>
    );
  }

  function startAction(): AbortController {
    action.current?.abort();
    const controller = new AbortController();
    action.current = controller;
    setWorking(true);
    setError(null);
    setNotice(null);
    return controller;
  }

  function endAction(controller: AbortController, failure?: unknown) {
    if (action.current !== controller) return;
    action.current = null;
    if (failure !== undefined && !isAbort(failure) && !controller.signal.aborted) setError(failureMessage(failure));
    setWorking(false);
  }

  async function showInGraph() {
    const controller = startAction();
    // Dropped if a newer graph (a search choice, a Cypher run, a path) is asked for meanwhile.
    const ticket = graphModel.ticket();
    try {
      const graph = await fetchListGraph(route, list, objectId, controller.signal);
      if (controller.signal.aborted) return;
      if (graphModel.merge(graph, 'expand', ticket)) {
        const total = shownCount ?? 0;
        setNotice(total > MAX_PAGE ? `The first ${MAX_PAGE} of ${total} are in the graph.` : `${list.label} added to the graph.`);
      }
      endAction(controller);
    } catch (failure) {
      endAction(controller, failure);
    }
  }

  async function exportCsv() {
    const controller = startAction();
    try {
      const { entries, total } = await fetchWholeList(route, list, objectId, controller.signal);
      if (controller.signal.aborted) return;
      const rows = [['name', 'objectid', 'kind', 'kinds'], ...entries.map((e) => [e.name, e.objectId, e.kind, e.kinds.join(';')])];
      // A byte order mark so spreadsheets read the names as UTF-8.
      downloadText(csvFileName(nodeName, list.label), `\ufeff${toCsv(rows)}`, 'text/csv;charset=utf-8');
      setNotice(total > CSV_CAP ? `Exported the first ${CSV_CAP} of ${total}.` : `Exported ${entries.length} rows.`);
      endAction(controller);
    } catch (failure) {
      endAction(controller, failure);
    }
  }

  async function openEntry(entryObjectId: string, name: string) {
    opening.current?.abort();
    const controller = new AbortController();
    opening.current = controller;
    setError(null);
    try {
      // False: no node with this object id in the database (the list named one that is gone).
      const found = await openNode(entryObjectId, 'merge', controller.signal);
      if (!found && !controller.signal.aborted) setError(`${name} was not found in the database.`);
    } catch (failure) {
      if (!isAbort(failure) && !controller.signal.aborted) setError(failureMessage(failure));
    } finally {
      if (opening.current === controller) opening.current = null;
    }
  }

  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE)) : 1;
  return (
    <li className="ex-list">
      <button type="button" className="ex-list-head" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="ex-caret">{open ? '▾' : '▸'}</span>
        <span className="ex-list-label">{list.label}</span> <span className="ex-count">{shownCount ?? '–'}</span>
      </button>
      <div id={bodyId} hidden={!open} className="ex-list-body">
        {open && (
          <>
            <div className="ex-row">
              <button
                type="button"
                disabled={working || list.graph === false}
                title={list.graph === false ? 'The API has no graph of this list' : undefined}
                onClick={() => void showInGraph()}
              >
                Show in graph
              </button>
              <button type="button" disabled={working} onClick={() => void exportCsv()}>
                Export CSV
              </button>
            </div>
            {loading && <p className="ex-muted" role="status">Loading…</p>}
            {error && <p className="error" role="alert">{error}</p>}
            {notice && <p className="ex-muted" role="status">{notice}</p>}
            {data && data.entries.length === 0 && !loading && <p className="ex-muted">None.</p>}
            {data && data.entries.length > 0 && (
              <table className="ex-table">
                <caption className="ex-visually-hidden">{list.label}</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Kind</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((entry, index) => {
                    const style = kindStyle(entry.kind, entry.kinds);
                    return (
                      <tr key={`${entry.objectId}-${index}`}>
                        <td>
                          <button type="button" className="ex-link-button" disabled={!entry.objectId} onClick={() => void openEntry(entry.objectId, entry.name)}>
                            {entry.name}
                          </button>
                        </td>
                        <td>
                          <span className="ex-glyph" style={{ borderColor: style.color }} aria-hidden="true">{style.glyph}</span> {style.label}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
            {data && data.count > PAGE && (
              <div className="ex-row ex-pager">
                <button type="button" disabled={page === 0 || loading} onClick={() => setPage(page - 1)}>Previous page</button>
                <span className="ex-muted">Page {page + 1} of {pages}</span>
                <button type="button" disabled={page + 1 >= pages || loading} onClick={() => setPage(page + 1)}>Next page</button>
              </div>
            )}
          </>
        )}
      </div>
    </li>
  );
}
