import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import { labelNameOf, legacyGroupViolation, type LegacyGroupViolation } from '../domain/legacy-asset-group.js';
import { isSeededTag, MAX_TAG_NAME_LENGTH, TagType, type Tag } from '../domain/tag.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { AssetGroupStore, type AssetGroup } from './asset-group-queries.js';
import { TagCommands, TagWriter } from './tag-commands.js';

const VIOLATIONS: Readonly<Record<LegacyGroupViolation, string>> = {
  empty: AssetGroupsErrors.assetGroupNameEmpty,
  tagWhitespace: AssetGroupsErrors.assetGroupTagWhitespace,
  nameTooLong: AssetGroupsErrors.assetGroupNameTooLong,
  tagTooLong: AssetGroupsErrors.assetGroupTagTooLong,
  nul: AssetGroupsErrors.assetGroupNameNul,
};

/**
 * Writes of legacy asset groups. A new group is a view of a label made for it (named after its tag string), so its
 * selectors, members and tag kind work as every tag's do; deleting it deletes that label. The seeded groups are
 * views of Tier Zero and Owned, which stay.
 */
@Injectable()
export class AssetGroupCommands {
  constructor(
    private readonly groups: AssetGroupStore,
    private readonly tags: TagCommands,
    private readonly tagWriter: TagWriter,
  ) {}

  /** Its own name only (the tag behind it keeps its name and kind). */
  async rename(id: number, name: string | undefined): Promise<AssetGroup> {
    if (name === undefined || name.trim() === '') throw ApiError.badRequest(AssetGroupsErrors.assetGroupNameEmpty);
    if (name.length > MAX_TAG_NAME_LENGTH) throw ApiError.badRequest(AssetGroupsErrors.assetGroupNameTooLong);
    if (name.includes('\u0000')) throw ApiError.badRequest(AssetGroupsErrors.assetGroupNameNul);
    const group = await this.groups.rename(id, name);
    if (!group) throw ApiError.notFound();
    return group;
  }

  /** The group and its label in one unit of work under the tags' write lock: both are made, or neither. */
  create(name: string, tag: string, actor: string): Promise<AssetGroup> {
    const violation = legacyGroupViolation(name, tag);
    if (violation) throw ApiError.badRequest(VIOLATIONS[violation]);
    return this.tagWriter.exclusively(async () => {
      const conflict = await this.groups.conflictOf(name, tag);
      if (conflict === 'name') throw ApiError.conflict(AssetGroupsErrors.assetGroupNameUnique);
      if (conflict === 'tag') throw ApiError.conflict(AssetGroupsErrors.assetGroupTagUnique);
      const label = await this.createLabel(name, tag, actor);
      return this.groups.create(label.id, name, tag);
    });
  }

  async delete(id: number, actor: string): Promise<void> {
    const group = await this.groups.get(id);
    if (!group) throw ApiError.notFound();
    if (group.systemGroup) throw ApiError.conflict(AssetGroupsErrors.systemGroupDelete);
    // The label of a created group goes with it (the group's row cascades); a seeded tag outlives its view.
    if (isSeededTag(group.tagId)) await this.groups.delete(id);
    else await this.tags.delete(group.tagId, actor);
  }

  /** A label whose kind another tag holds is the reference's duplicate tag. */
  private async createLabel(name: string, tag: string, actor: string): Promise<Tag> {
    try {
      return await this.tags.create({
        type: TagType.Label, name: labelNameOf(tag), description: name, position: null, requireCertify: null,
        analysisEnabled: null, glyph: null,
      }, actor);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.messages[0] === AssetGroupsErrors.tagNameUnique) {
        throw ApiError.conflict(AssetGroupsErrors.assetGroupTagUnique);
      }
      throw error;
    }
  }
}
