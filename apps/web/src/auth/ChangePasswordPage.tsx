// The forced password change: shown after sign-in while the password has expired (the API allows nothing else
// then). Once changed, the session is no longer expired and App shows the explorer in place of this page.
import './auth.css';
import { useState, type FormEvent } from 'react';
import { SessionExpired } from '../api/client';
import type { Session } from '../api/session';
import { changePassword, logout } from './auth-api';
import { passwordChangeFailureMessages, passwordChangeProblems } from './auth-forms';

interface Props {
  session: Session;
}

export function ChangePasswordPage({ session }: Props) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problems = passwordChangeProblems({ current, next, confirm });
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      await changePassword(session, current, next);
    } catch (failure) {
      if (!(failure instanceof SessionExpired)) setErrors(passwordChangeFailureMessages(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={(event) => void submit(event)} noValidate>
        <h1>Change your password</h1>
        <p className="auth-notice">The password of {session.userName} has expired. Choose a new one to continue.</p>
        <p className="auth-hint" id="password-rules">
          At least 12 characters, with a lowercase and an uppercase letter, a digit and a special character.
        </p>
        {/* The user name helps password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={session.userName} readOnly hidden />
        <label htmlFor="pw-current">Current password</label>
        <input
          id="pw-current"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <label htmlFor="pw-new">New password</label>
        <input
          id="pw-new"
          type="password"
          autoComplete="new-password"
          aria-describedby="password-rules"
          required
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <label htmlFor="pw-confirm">Confirm new password</label>
        <input
          id="pw-confirm"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        {errors.length > 0 && (
          <div role="alert" className="error">
            {errors.length === 1 ? (
              <p>{errors[0]}</p>
            ) : (
              <ul>
                {errors.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="auth-actions">
          <button type="submit" className="primary" disabled={busy}>
            Change password
          </button>
          <button type="button" onClick={() => void logout()}>
            Cancel and sign out
          </button>
        </div>
      </form>
    </main>
  );
}
