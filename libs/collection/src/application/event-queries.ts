import { Injectable } from '@nestjs/common';
import { ApiError, type ListQuery } from '@app/platform';
import type { CollectionEvent } from '../domain/records.js';
import { EventStore } from './ports.js';
import { References, type Hydration, type ObjectLookup } from './references.js';

/** Events with the OUs and domains they name, looked up once for all of them. */
export interface EventsWithObjects {
  items: CollectionEvent[];
  count: number;
  objects: ObjectLookup;
}

/** Reads events: a page costs the page statement plus at most one graph look-up. */
@Injectable()
export class EventQueries {
  constructor(
    private readonly events: EventStore,
    private readonly references: References,
  ) {}

  async list(query: ListQuery, hydration: Hydration): Promise<EventsWithObjects> {
    const page = await this.events.list(query);
    return { ...page, objects: await this.references.lookup(page.items, hydration) };
  }

  /** A live event; 404 when unknown or deleted. */
  async get(id: number, hydration: Hydration): Promise<{ event: CollectionEvent; objects: ObjectLookup }> {
    const event = await this.events.find(id);
    if (!event) throw ApiError.notFound();
    return this.withObjects(event, hydration);
  }

  /** An event just written, with the objects it names. */
  async withObjects(event: CollectionEvent, hydration: Hydration): Promise<{ event: CollectionEvent; objects: ObjectLookup }> {
    return { event, objects: await this.references.lookup([event], hydration) };
  }
}
