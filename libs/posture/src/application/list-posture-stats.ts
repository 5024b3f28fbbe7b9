import { Injectable } from '@nestjs/common';
import type { ListQuery } from '@app/platform';
import type { CreatedWindow } from '../domain/created-window.js';
import type { PostureStat } from '../domain/posture-stat.js';
import { PostureStatReader } from './ports.js';

/** A page of posture stats and the time span it reports, both ends UTC RFC 3339. */
export interface PostureStatsReport {
  items: PostureStat[];
  count: number;
  start: string;
  end: string;
}

/**
 * Lists posture stats with the span the envelope reports: `from` and `to` echoed when given; otherwise start is the
 * earliest created_at of the matching rows and end is now. With only `to` and nothing matching, start is `to`, so the
 * span is never inverted; without bounds and nothing matching, start is now.
 */
@Injectable()
export class ListPostureStats {
  constructor(private readonly reader: PostureStatReader) {}

  async execute(query: ListQuery, window: CreatedWindow, now: Date = new Date()): Promise<PostureStatsReport> {
    const page = await this.reader.list(query, window);
    const earliest = page.earliest?.toISOString();
    return {
      items: page.items,
      count: page.count,
      start: window.from ?? earliest ?? window.to ?? now.toISOString(),
      end: window.to ?? now.toISOString(),
    };
  }
}
