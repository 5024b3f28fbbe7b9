// Collection (enterprise): the registered collection clients and their latest jobs, read-only for now.
import './ingest.css';
import { useEffect, useState } from 'react';
import { ApiFailure, SessionExpired } from '../api/client';
import { ClientsTable } from './ClientsTable';
import { CollectionJobsTable } from './CollectionJobsTable';
import { listClients, listRecentJobs } from './collection-api';
import type { CollectionClient, CollectionJob } from './collection';
import { failureMessage } from '../api/failure-message';

const JOBS_SHOWN = 25;

type Loaded<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'failed'; message: string };

export function CollectionPage() {
  const [clients, setClients] = useState<Loaded<{ clients: CollectionClient[]; count: number }>>({ state: 'loading' });
  const [jobs, setJobs] = useState<Loaded<CollectionJob[]>>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const settle = <T,>(promise: Promise<T>, set: (value: Loaded<T>) => void) =>
      promise.then(
        (value) => set({ state: 'ok', value }),
        (error: unknown) => {
          if (controller.signal.aborted || error instanceof SessionExpired) return;
          set({ state: 'failed', message: collectionFailure(error) });
        },
      );
    void settle(listClients(controller.signal), setClients);
    void settle(listRecentJobs(JOBS_SHOWN, controller.signal), setJobs);
    return () => controller.abort();
  }, []);

  // Both lists fail the same way when the role lacks clients:read: say it once.
  const sameFailure = clients.state === 'failed' && jobs.state === 'failed' && clients.message === jobs.message;
  return (
    <div className="collection-page">
      <h1>Collection</h1>
      <p className="note">
        A read-only view of the collection clients (SharpHound and AzureHound services) and their jobs. Registering
        clients and scheduling collection come with the administration pages.
      </p>
      <section className="ingest-section">
        {clients.state === 'loading' && <p>Loading collection clients…</p>}
        {clients.state === 'failed' && (
          <p role="alert" className="error">
            {clients.message}
          </p>
        )}
        {clients.state === 'ok' && <ClientsTable clients={clients.value.clients} count={clients.value.count} />}
      </section>
      <section className="ingest-section">
        {jobs.state === 'loading' && <p>Loading collection jobs…</p>}
        {jobs.state === 'failed' && !sameFailure && (
          <p role="alert" className="error">
            {jobs.message}
          </p>
        )}
        {jobs.state === 'ok' && <CollectionJobsTable jobs={jobs.value} />}
      </section>
    </div>
  );
}

function collectionFailure(error: unknown): string {
  if (error instanceof ApiFailure && error.status === 403) {
    return 'Your role may not read collection clients and jobs (it needs the clients:read permission).';
  }
  if (error instanceof ApiFailure && error.status === 404) return 'Collection is not available in this edition.';
  return failureMessage(error, 'The collection data could not be read');
}
