import { describe, expect, it } from '@jest/globals';
import { ApiError, type Clock, type ListQuery } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { NO_COLLECTION } from '../domain/collection.js';
import type { CollectionEvent } from '../domain/records.js';
import { EventCommands, type EventDraft } from './event-commands.js';
import { EventStore, type EventInput, type Page } from './ports.js';

const NOW = new Date('2031-05-06T07:08:09.500Z');
const clock = { now: () => NOW } as Clock;
const CLIENT = '11111111-1111-4111-8111-111111111111';

/** Events in memory; a client other than CLIENT is unknown, as the store answers it. */
class MemoryEvents extends EventStore {
  rows = new Map<number, CollectionEvent>();
  private nextId = 1;
  async create(input: EventInput): Promise<CollectionEvent> {
    if (input.clientId !== CLIENT) throw ApiError.notFound();
    const event: CollectionEvent = { ...input, id: this.nextId++, createdAt: NOW, updatedAt: NOW, deletedAt: null };
    this.rows.set(event.id, event);
    return event;
  }
  async list(_query: ListQuery): Promise<Page<CollectionEvent>> {
    return { items: [...this.rows.values()], count: this.rows.size };
  }
  async find(id: number): Promise<CollectionEvent | null> {
    return this.rows.get(id) ?? null;
  }
  async update(id: number, change: (current: CollectionEvent) => EventInput): Promise<CollectionEvent | null> {
    const current = this.rows.get(id);
    if (!current) return null;
    const input = change(current);
    if (input.clientId !== CLIENT) throw ApiError.notFound();
    const event = { ...current, ...input };
    this.rows.set(id, event);
    return event;
  }
  async delete(id: number): Promise<boolean> {
    return this.rows.delete(id);
  }
  async byClients(): Promise<CollectionEvent[]> {
    return [];
  }
}

const draft = (fields: Partial<EventDraft> = {}): EventDraft =>
  ({ ...NO_COLLECTION, sessionCollection: true, ous: [], domains: [], clientId: CLIENT, title: '', rrule: '', ...fields });

const message = async (promise: Promise<unknown>) => {
  const error = await apiErrorOf(promise);
  return [error.status, error.messages[0]];
};

describe('EventCommands', () => {
  it('creates an event with its planned schedule', async () => {
    const events = new MemoryEvents();
    const event = await new EventCommands(events, clock).create(draft({ title: 'x', rrule: 'FREQ=DAILY', ous: ['OU-1'] }));
    expect(event).toMatchObject({
      clientId: CLIENT, title: 'x', rrule: 'DTSTART:20310506T070809Z\nRRULE:FREQ=DAILY',
      nextScheduledAt: new Date('2031-05-06T07:08:09.000Z'), sessionCollection: true, ous: ['OU-1'],
    });
  });

  it('checks, in order: client_id, a collection flag, a single scope, the rule, then the client', async () => {
    const commands = new EventCommands(new MemoryEvents(), clock);
    const bad = { rrule: 'FREQ=MINUTELY', ous: ['A'], domains: ['B'], sessionCollection: false };
    expect(await message(commands.create(draft({ ...bad, clientId: undefined })))).toEqual([400, 'client_id is required']);
    expect(await message(commands.create(draft(bad)))).toEqual([400, 'at least one data collection flag must be provided']);
    expect(await message(commands.create(draft({ ...bad, sessionCollection: true }))))
      .toEqual([400, 'may only scope collection by exactly one of OU, Domain, or All Trusted Domains']);
    expect(await message(commands.create(draft({ ...bad, sessionCollection: true, domains: [] }))))
      .toEqual([400, 'invalid rrule specified: FREQ=MINUTELY is not supported: collection runs at most hourly']);
    expect(await message(commands.create(draft({ clientId: '22222222-2222-4222-8222-222222222222' })))).toEqual([404, 'resource not found']);
  });

  it('keeps the schedule of an update whose rule does not change, and plans a changed one', async () => {
    const events = new MemoryEvents();
    const commands = new EventCommands(events, clock);
    const created = await commands.create(draft({ rrule: 'DTSTART:20310101T000000Z\nRRULE:FREQ=DAILY' }));
    events.rows.set(created.id, { ...created, nextScheduledAt: new Date('2031-05-08T00:00:00Z') });
    const same = await commands.update(created.id, draft({ clientId: undefined, title: 'renamed', rrule: 'FREQ=DAILY' }));
    expect(same).toMatchObject({ title: 'renamed', rrule: created.rrule, nextScheduledAt: new Date('2031-05-08T00:00:00Z'), clientId: CLIENT });
    const changed = await commands.update(created.id, draft({ rrule: 'FREQ=WEEKLY' }));
    expect(changed.nextScheduledAt).toEqual(new Date('2031-05-06T07:08:09.000Z'));
  });

  it('plans an update from the event the store holds locked, not from an earlier read', async () => {
    const events = new MemoryEvents();
    const commands = new EventCommands(events, clock);
    const created = await commands.create(draft({ rrule: 'DTSTART:20310101T000000Z\nRRULE:FREQ=DAILY' }));
    const seen: CollectionEvent[] = [];
    const update = events.update.bind(events);
    events.update = async (id, change) => update(id, (current) => {
      seen.push(current);
      return change(current);
    });
    // A tick moved next_scheduled_at on: the unchanged rule keeps that value, never an older one.
    events.rows.set(created.id, { ...created, nextScheduledAt: new Date('2031-05-07T00:00:00Z') });
    const updated = await commands.update(created.id, draft({ clientId: undefined, title: 'renamed', rrule: 'FREQ=DAILY' }));
    expect(updated.nextScheduledAt).toEqual(new Date('2031-05-07T00:00:00Z'));
    expect(seen.map((event) => event.nextScheduledAt)).toEqual([new Date('2031-05-07T00:00:00Z')]);
  });

  it('answers 404 to an update or delete of an unknown event, before the body is checked', async () => {
    const commands = new EventCommands(new MemoryEvents(), clock);
    expect(await message(commands.update(7, draft()))).toEqual([404, 'resource not found']);
    expect(await message(commands.update(7, draft({ rrule: 'garbage', sessionCollection: false })))).toEqual([404, 'resource not found']);
    expect(await message(commands.delete(7))).toEqual([404, 'resource not found']);
  });

  it('checks an update in order: a collection flag, a single scope, the rule, then the client', async () => {
    const events = new MemoryEvents();
    const commands = new EventCommands(events, clock);
    const { id } = await commands.create(draft());
    const other = '22222222-2222-4222-8222-222222222222';
    const bad = { rrule: 'FREQ=HOURLY;BYMINUTE=0,30', ous: ['A'], domains: ['B'], sessionCollection: false, clientId: other };
    expect(await message(commands.update(id, draft(bad)))).toEqual([400, 'at least one data collection flag must be provided']);
    expect(await message(commands.update(id, draft({ ...bad, sessionCollection: true }))))
      .toEqual([400, 'may only scope collection by exactly one of OU, Domain, or All Trusted Domains']);
    expect(await message(commands.update(id, draft({ ...bad, sessionCollection: true, domains: [] }))))
      .toEqual([400, 'invalid rrule specified: BYMINUTE takes a single value: collection runs at most hourly']);
    expect(await message(commands.update(id, draft({ clientId: other })))).toEqual([404, 'resource not found']);
  });
});
