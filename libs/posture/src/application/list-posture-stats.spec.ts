import { describe, expect, it } from '@jest/globals';
import type { ListQuery } from '@app/platform';
import type { CreatedWindow } from '../domain/created-window.js';
import type { PostureStat } from '../domain/posture-stat.js';
import { ListPostureStats } from './list-posture-stats.js';
import { PostureStatReader, type PostureStatPage } from './ports.js';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const QUERY: ListQuery = { filters: [], sort: [], skip: 0, limit: 100 };

const ROW: PostureStat = {
  id: 7, createdAt: new Date('2025-03-01T08:00:00.000Z'), updatedAt: new Date('2025-03-01T08:00:00.000Z'),
  deletedAt: null, domainSid: 'S-1-5-21-1', assetGroupTagId: 1, exposureIndex: 3, tierZeroCount: 4, criticalRiskCount: 5,
};

/** A reader answering one fixed page and remembering what it was asked. */
class FixedReader extends PostureStatReader {
  asked: { query: ListQuery; window: CreatedWindow }[] = [];
  constructor(private readonly page: PostureStatPage) {
    super();
  }
  async list(query: ListQuery, window: CreatedWindow): Promise<PostureStatPage> {
    this.asked.push({ query, window });
    return this.page;
  }
}

const withRows = () => new FixedReader({ items: [ROW], count: 12, earliest: new Date('2025-02-01T00:00:00.123Z') });
const empty = () => new FixedReader({ items: [], count: 0, earliest: null });

describe('ListPostureStats', () => {
  it('passes the query and the window to the reader and answers its page and count', async () => {
    const reader = withRows();
    const window = { from: '2025-01-01T00:00:00Z' };
    const report = await new ListPostureStats(reader).execute(QUERY, window, NOW);
    expect(reader.asked).toEqual([{ query: QUERY, window }]);
    expect(report.items).toEqual([ROW]);
    expect(report.count).toBe(12);
  });

  it('reports from and to exactly as given, microseconds included', async () => {
    const window = { from: '2025-01-01T00:00:00.123456Z', to: '2025-01-31T23:59:59Z' };
    const report = await new ListPostureStats(withRows()).execute(QUERY, window, NOW);
    expect([report.start, report.end]).toEqual(['2025-01-01T00:00:00.123456Z', '2025-01-31T23:59:59Z']);
  });

  it('reports the earliest matching created_at and now without bounds', async () => {
    const report = await new ListPostureStats(withRows()).execute(QUERY, {}, NOW);
    expect([report.start, report.end]).toEqual(['2025-02-01T00:00:00.123Z', NOW.toISOString()]);
  });

  it('reports now as both ends without bounds when nothing matches', async () => {
    const report = await new ListPostureStats(empty()).execute(QUERY, {}, NOW);
    expect([report.start, report.end]).toEqual([NOW.toISOString(), NOW.toISOString()]);
  });

  it('reports from and now with only from', async () => {
    const report = await new ListPostureStats(empty()).execute(QUERY, { from: '2025-01-01T00:00:00Z' }, NOW);
    expect([report.start, report.end]).toEqual(['2025-01-01T00:00:00Z', NOW.toISOString()]);
  });

  it('reports the earliest matching created_at and to with only to', async () => {
    const report = await new ListPostureStats(withRows()).execute(QUERY, { to: '2025-02-15T00:00:00Z' }, NOW);
    expect([report.start, report.end]).toEqual(['2025-02-01T00:00:00.123Z', '2025-02-15T00:00:00Z']);
  });

  it('reports to as both ends with only to when nothing matches, never an inverted span', async () => {
    const report = await new ListPostureStats(empty()).execute(QUERY, { to: '2020-01-01T00:00:00Z' }, NOW);
    expect([report.start, report.end]).toEqual(['2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z']);
  });
});
