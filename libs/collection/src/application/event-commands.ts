import { Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@app/platform';
import { collectsSomething, scopeIsSingle, type CollectionFlags, type CollectionScope } from '../domain/collection.js';
import type { CollectionEvent } from '../domain/records.js';
import { InvalidRule, planSchedule, type PlannedSchedule } from '../domain/schedule.js';
import { CollectionErrors } from './collection-errors.js';
import { EventStore, type EventInput } from './ports.js';

/** An event as a request gives it (read and shape-checked by the HTTP layer). */
export interface EventDraft extends CollectionFlags, CollectionScope {
  /** Required to create; on an update, absent keeps the event's client. */
  clientId?: string;
  title: string;
  /** RFC 5545 text, '' for one run now. */
  rrule: string;
}

/**
 * Creates, replaces and deletes events. Checks after the body's shape, in order: at least one collection flag, a
 * single scope, the rule, then (in the store) that the client exists and is live. An update first needs the event.
 */
@Injectable()
export class EventCommands {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async create(draft: EventDraft): Promise<CollectionEvent> {
    if (draft.clientId === undefined) throw ApiError.badRequest(CollectionErrors.clientIdRequired);
    return this.events.create(this.input(draft, draft.clientId));
  }

  /**
   * Replaces every field of the event; its schedule is planned again only when the rule changes. The store reads the
   * event, and this plans and writes it, in one transaction holding the event's row lock, so neither a concurrent
   * update nor a scheduler tick in between is lost or undone.
   */
  async update(id: number, draft: EventDraft): Promise<CollectionEvent> {
    const updated = await this.events.update(id, (current) => this.input(draft, draft.clientId ?? current.clientId, current));
    if (!updated) throw ApiError.notFound();
    return updated;
  }

  /** Soft-deletes the event; its READY jobs go, its RUNNING and finished jobs stay. */
  async delete(id: number): Promise<void> {
    if (!(await this.events.delete(id))) throw ApiError.notFound();
  }

  private input(draft: EventDraft, clientId: string, current?: PlannedSchedule): EventInput {
    if (!collectsSomething(draft)) throw ApiError.badRequest(CollectionErrors.noCollectionFlag);
    if (!scopeIsSingle(draft, draft)) throw ApiError.badRequest(CollectionErrors.scopeNotSingle);
    let schedule: PlannedSchedule;
    try {
      schedule = planSchedule(draft.rrule, this.clock.now(), current);
    } catch (error) {
      if (error instanceof InvalidRule) throw ApiError.badRequest(CollectionErrors.invalidRrule(error.message));
      throw error;
    }
    return {
      clientId,
      title: draft.title,
      rrule: schedule.rrule,
      nextScheduledAt: schedule.nextScheduledAt,
      sessionCollection: draft.sessionCollection,
      localGroupCollection: draft.localGroupCollection,
      adStructureCollection: draft.adStructureCollection,
      certServicesCollection: draft.certServicesCollection,
      caRegistryCollection: draft.caRegistryCollection,
      dcRegistryCollection: draft.dcRegistryCollection,
      allTrustedDomains: draft.allTrustedDomains,
      ous: draft.ous,
      domains: draft.domains,
    };
  }
}
