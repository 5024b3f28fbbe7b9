// The shell: sign-in gate (and the forced password change), the navigation bar, and the page for the path.
import { useEffect, useState } from 'react';
import { currentSession, onSessionChange, type Session } from '../api/session';
import { LoginPage } from '../auth/LoginPage';
import { ChangePasswordPage } from '../auth/ChangePasswordPage';
import { TokensPage } from '../auth/TokensPage';
import { logout } from '../auth/auth-api';
import { resetEdgeKinds } from '../explore/edge-kinds-api';
import { graphModel } from '../graph/graph-model';
import { ExplorePage } from '../explore/ExplorePage';
import { IngestPage } from '../ingest/IngestPage';
import { CollectionPage } from '../ingest/CollectionPage';
import { edition } from './edition';
import { ErrorBoundary } from './ErrorBoundary';
import { navigate, useRoute } from './router';
import { select } from './selection';

interface NavItem {
  path: string;
  label: string;
  enterpriseOnly?: boolean;
}

const NAV: NavItem[] = [
  { path: '/explore', label: 'Explore' },
  { path: '/ingest', label: 'File ingest' },
  { path: '/collection', label: 'Collection', enterpriseOnly: true },
  { path: '/tokens', label: 'API tokens' },
];

export function App() {
  const [session, setSessionState] = useState<Session | null>(currentSession());
  const [expiredNotice, setExpiredNotice] = useState(false);
  useEffect(
    () =>
      onSessionChange((next, reason) => {
        // A session that ends without a logout (a 401: expired or revoked) is said so on the sign-in page.
        setExpiredNotice(next === null && reason === 'expired');
        if (next === null) forgetPreviousUser();
        setSessionState(next);
      }),
    [],
  );
  const route = useRoute();

  if (!session) return <LoginPage expired={expiredNotice} />;
  if (session.authExpired) return <ChangePasswordPage session={session} />;

  const items = NAV.filter((item) => !item.enterpriseOnly || edition() === 'enterprise');
  const page = items.find((item) => route.startsWith(item.path))?.path ?? '/explore';
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Pathwarden</span>
        <nav aria-label="Main">
          {items.map((item) => (
            <a
              key={item.path}
              href={item.path}
              aria-current={page === item.path ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                navigate(item.path);
              }}
            >
              {item.label}
            </a>
          ))}
        </nav>
        <span className="user">{session.userName}</span>
        <button type="button" onClick={() => void logout()}>
          Log out
        </button>
      </header>
      <main className="page">
        <ErrorBoundary key={page}>
          {page === '/explore' && <ExplorePage />}
          {page === '/ingest' && <IngestPage />}
          {page === '/collection' && <CollectionPage />}
          {page === '/tokens' && <TokensPage session={session} />}
        </ErrorBoundary>
      </main>
    </div>
  );
}

/**
 * What a signed-out tab forgets, whatever ended the session: the graph, the selection and the cached edge kinds the
 * last user saw (the next one may be someone else). The graph's clear() also drops answers still on their way.
 */
function forgetPreviousUser(): void {
  graphModel.clear();
  select(null);
  resetEdgeKinds();
}
