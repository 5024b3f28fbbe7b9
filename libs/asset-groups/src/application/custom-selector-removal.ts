import { Injectable } from '@nestjs/common';
import { isInt32 } from '@app/platform';
import { AssetGroupStore } from './asset-group-queries.js';
import { SelectorStore } from './ports.js';

/**
 * Deletes the "custom high value selectors" of legacy asset groups (POST /api/v2/clear-database,
 * `deleteAssetGroupSelectors`): every selector of the group's tag that is not a seeded default. Membership follows at
 * the next evaluation.
 */
@Injectable()
export class CustomSelectorRemoval {
  constructor(private readonly groups: AssetGroupStore, private readonly selectors: SelectorStore) {}

  /** Unknown asset group ids are passed over, as the reference's delete passes over them; returns how many went. */
  async removeCustomSelectors(assetGroupIds: readonly number[]): Promise<number> {
    let removed = 0;
    // An id outside int32 names no group (the column is an integer): never sent to the database.
    for (const id of new Set(assetGroupIds.filter(isInt32))) {
      const group = await this.groups.get(id);
      if (!group) continue;
      for (const selector of await this.selectors.ofTag(group.tagId)) {
        if (selector.isDefault) continue;
        await this.selectors.delete(selector.id);
        removed += 1;
      }
    }
    return removed;
  }
}
