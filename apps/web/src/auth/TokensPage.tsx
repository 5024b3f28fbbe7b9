// The signed-in user's API tokens: list, create (the key shown once), delete.
import './auth.css';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { SessionExpired } from '../api/client';
import type { Session } from '../api/session';
import { failureMessage } from '../api/failure-message';
import { createToken, deleteToken, listTokens } from './auth-api';
import { NewTokenDialog } from './NewTokenDialog';
import { TokenRow } from './TokenRow';
import type { ApiToken } from './tokens';

export function TokensPage({ session }: { session: Session }) {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiToken | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const report = useCallback((failure: unknown, fallback: string) => {
    if (!(failure instanceof SessionExpired)) setError(failureMessage(failure, fallback));
  }, []);

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const list = await listTokens(session.userId, signal);
        if (!signal?.aborted) setTokens(list);
      } catch (failure) {
        if (!signal?.aborted) report(failure, 'The tokens could not be read');
      }
    },
    [session.userId, report],
  );

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  async function create(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError('Enter a name for the token.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setCreated(await createToken(trimmed, session.userId));
      setName('');
      await reload();
    } catch (failure) {
      report(failure, 'The token could not be created');
    } finally {
      setBusy(false);
    }
  }

  async function remove(token: ApiToken) {
    setError(null);
    try {
      await deleteToken(token.id);
      setTokens((list) => list?.filter((t) => t.id !== token.id) ?? null);
    } catch (failure) {
      report(failure, 'The token could not be deleted');
    }
  }

  // Focus goes back where the user was before the dialog took it.
  const closeDialog = useCallback(() => {
    setCreated(null);
    nameInput.current?.focus();
  }, []);

  return (
    <div className="tokens-page">
      <h1>API tokens</h1>
      <p className="muted">
        Tokens let scripts and integrations call the API as {session.userName}, signing each request with the token&apos;s
        key.
      </p>
      <form className="token-form" onSubmit={(event) => void create(event)} noValidate>
        <label htmlFor="token-name">Token name</label>
        <input id="token-name" ref={nameInput} value={name} maxLength={1000} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="primary" disabled={busy}>
          Create token
        </button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <table className="data-table">
        <caption>Your API tokens</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Id</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens === null && (
            <tr>
              <td colSpan={5}>Loading…</td>
            </tr>
          )}
          {tokens?.length === 0 && (
            <tr>
              <td colSpan={5}>No API tokens.</td>
            </tr>
          )}
          {tokens?.map((token) => <TokenRow key={token.id} token={token} onDelete={remove} />)}
        </tbody>
      </table>
      {created && <NewTokenDialog token={created} onClose={closeDialog} />}
    </div>
  );
}
