// Sign-in with a user name and password; says so when the previous session expired.
import './auth.css';
import { useState, type FormEvent } from 'react';
import { login } from './auth-api';
import { loginFailureMessage } from './auth-forms';

export function LoginPage({ expired }: { expired: boolean }) {
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (userName.trim() === '' || password === '') {
      setError('Enter your user name and password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(userName.trim(), password);
      // The app follows the new session (onSessionChange) and leaves this page.
    } catch (failure) {
      setError(loginFailureMessage(failure));
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={(event) => void submit(event)} noValidate>
        <h1>Sign in to Pathwarden</h1>
        {expired && <p className="auth-notice">Your session has expired. Sign in again.</p>}
        <label htmlFor="login-user">User name</label>
        <input
          id="login-user"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={userName}
          onChange={(event) => setUserName(event.target.value)}
        />
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
