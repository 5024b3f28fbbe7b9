import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import type { SelectorSpec } from '../domain/legacy-asset-group.js';
import { SeedType, type Selector } from '../domain/selector.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { AssetGroupQueries, legacySelectorsOf, type LegacySelector } from './asset-group-queries.js';
import { SelectorStore } from './ports.js';
import { SelectorCommands } from './selector-commands.js';
import { TagWriter } from './tag-commands.js';

/** What PUT /api/v2/asset-groups/{id}/selectors changed. */
export interface UpdatedLegacySelectors {
  added: LegacySelector[];
  removed: LegacySelector[];
}

/**
 * Legacy selector writes, through the tag's selectors (a legacy selector is one seed of a selector of the group's
 * tag, matched by the selector's name): the tag selector commands do the writing, so their checks and history
 * apply. Membership follows at the next evaluation, as for every selector change.
 */
@Injectable()
export class AssetGroupSelectorCommands {
  constructor(
    private readonly groups: AssetGroupQueries,
    private readonly selectors: SelectorStore,
    private readonly commands: SelectorCommands,
    private readonly tagWriter: TagWriter,
  ) {}

  /**
   * The reference's semantics, in one unit of work: `add` makes a selector of that name selecting the object id
   * unless the tag has one already (listed as added either way); `remove` deletes the selector of that name, if
   * any. System (default) selectors cannot be removed.
   */
  update(actor: string, groupId: number, specs: readonly SelectorSpec[]): Promise<UpdatedLegacySelectors> {
    return this.tagWriter.exclusively(async () => {
      const { tagId } = await this.groups.get(groupId);
      const result: UpdatedLegacySelectors = { added: [], removed: [] };
      for (const spec of specs) {
        const existing = (await this.selectors.ofTag(tagId)).find((selector) => selector.name === spec.selectorName);
        if (spec.action === 'add') {
          const selector = existing ?? await this.commands.create(actor, tagId, {
            name: spec.selectorName, seeds: [{ type: SeedType.ObjectId, value: spec.objectId }],
          });
          const legacy = legacySelectorsOf(selector);
          result.added.push(legacy.find((l) => l.selector === spec.objectId) ?? legacy[0]);
        } else if (existing) {
          this.refuseSystem(existing);
          await this.commands.delete(actor, tagId, existing.id);
          result.removed.push(...legacySelectorsOf(existing));
        }
      }
      return result;
    });
  }

  /** Removes one legacy selector (a seed): its selector loses the seed, or goes when it was the last one. */
  delete(actor: string, groupId: number, legacyId: number): Promise<void> {
    // Read and rewrite the seeds under the tag lock, as update does: two deletes of one selector never undo each other.
    return this.tagWriter.exclusively(async () => {
      const { tagId } = await this.groups.get(groupId);
      const selector = (await this.selectors.ofTag(tagId)).find((s) => s.seeds.some((seed) => seed.id === legacyId));
      if (!selector) throw ApiError.notFound();
      this.refuseSystem(selector);
      const rest = selector.seeds.filter((seed) => seed.id !== legacyId);
      if (rest.length === 0) await this.commands.delete(actor, tagId, selector.id);
      else await this.commands.update(actor, tagId, selector.id, { seeds: rest.map(({ type, value }) => ({ type, value })) });
    });
  }

  private refuseSystem(selector: Selector): void {
    if (selector.isDefault) throw ApiError.conflict(AssetGroupsErrors.systemSelectorDelete);
  }
}
