// The user's saved queries: "Save query" names the editor's query and saves it; each saved query is a button that
// loads and runs it, with its delete button.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { failureMessage } from '../api/failure-message';
import { deleteSavedQuery, listSavedQueries, saveQuery, type SavedQuery } from './saved-queries-api';

interface Props {
  /** The editor's text (what "Save" saves). */
  current: string;
  onRun: (query: string) => void;
}

export function SavedQueries({ current, onRun }: Props) {
  const nameId = useId();
  const [queries, setQueries] = useState<SavedQuery[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setQueries(await listSavedQueries());
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || current.trim() === '' || busy) return;
    setBusy(true);
    setError(null);
    try {
      await saveQuery(trimmed, current);
      setSaving(false);
      setName('');
      setNotice(`Saved "${trimmed}".`);
      await reload();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove(query: SavedQuery) {
    setError(null);
    setNotice(null);
    try {
      await deleteSavedQuery(query.id);
      setNotice(`Deleted "${query.name}".`);
      await reload();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }

  return (
    <section className="ex-section" aria-labelledby="ex-saved-title">
      <h2 id="ex-saved-title">Saved queries</h2>
      {!saving && (
        <button type="button" onClick={() => { setSaving(true); setNotice(null); }} disabled={current.trim() === ''}>
          Save query
        </button>
      )}
      {saving && (
        <form className="ex-save-form" onSubmit={(event) => void save(event)}>
          <label htmlFor={nameId}>Query name</label>
          <input id={nameId} value={name} maxLength={250} autoFocus onChange={(event) => setName(event.target.value)} />
          <div className="ex-row">
            <button type="submit" className="ex-primary" disabled={busy || name.trim() === ''}>Save</button>
            <button type="button" onClick={() => setSaving(false)}>Cancel</button>
          </div>
        </form>
      )}
      {error && <p role="alert" className="error">{error}</p>}
      {notice && <p role="status" className="ex-muted">{notice}</p>}
      {queries === null && !error && <p className="ex-muted">Loading…</p>}
      {queries?.length === 0 && <p className="ex-muted">No saved queries yet.</p>}
      {queries && queries.length > 0 && (
        <ul className="ex-query-list">
          {queries.map((query) => (
            <li key={query.id} className="ex-saved">
              <button type="button" className="ex-link-button" onClick={() => onRun(query.query)}>
                {query.name}
              </button>
              <button type="button" className="ex-small" aria-label={`Delete saved query ${query.name}`} onClick={() => void remove(query)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
