import { Injectable } from '@nestjs/common';
import { ApiError, type ListQuery } from '@app/platform';
import type { Client, CollectionEvent, Job } from '../domain/records.js';
import { ClientStore, EventStore, JobStore, type Page } from './ports.js';
import { References, type Hydration, type ObjectLookup } from './references.js';

/** Clients with what they show besides their own row: events, current job and task, and the OUs/domains those name. */
export interface ClientsWithRelations {
  clients: Client[];
  events: ReadonlyMap<string, CollectionEvent[]>;
  jobs: ReadonlyMap<number, Job>;
  objects: ObjectLookup;
}

/**
 * Reads clients. A page costs a constant number of statements whatever its size: the page itself, then one look-up
 * each for the current jobs and tasks of all its clients, their events, and the OUs/domains all of those name.
 */
@Injectable()
export class ClientQueries {
  constructor(
    private readonly clients: ClientStore,
    private readonly events: EventStore,
    private readonly jobs: JobStore,
    private readonly references: References,
  ) {}

  async list(query: ListQuery, hydration: Hydration): Promise<ClientsWithRelations & { count: number }> {
    const page: Page<Client> = await this.clients.list(query);
    return { ...(await this.withRelations(page.items, hydration)), count: page.count };
  }

  /** 404 for an unknown or deleted client. */
  async get(id: string, hydration: Hydration): Promise<ClientsWithRelations> {
    const client = await this.clients.find(id);
    if (!client) throw ApiError.notFound();
    return this.withRelations([client], hydration);
  }

  /** The relations of these clients, each kind looked up once for all of them (never per client). */
  async withRelations(clients: Client[], hydration: Hydration): Promise<ClientsWithRelations> {
    const jobIds = new Set<number>();
    for (const client of clients) {
      if (client.currentJobId !== null) jobIds.add(client.currentJobId);
      if (client.currentTaskId !== null) jobIds.add(client.currentTaskId);
    }
    const [jobs, events] = await Promise.all([
      jobIds.size > 0 ? this.jobs.byIds([...jobIds]) : Promise.resolve([]),
      clients.length > 0 ? this.events.byClients(clients.map((client) => client.id)) : Promise.resolve([]),
    ]);
    const objects = await this.references.lookup([...events, ...jobs], hydration);

    const eventsByClient = new Map<string, CollectionEvent[]>();
    for (const event of events) {
      const list = eventsByClient.get(event.clientId);
      if (list) list.push(event);
      else eventsByClient.set(event.clientId, [event]);
    }
    return { clients, events: eventsByClient, jobs: new Map(jobs.map((job) => [job.id, job])), objects };
  }
}
