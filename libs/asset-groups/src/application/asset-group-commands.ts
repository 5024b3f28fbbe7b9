import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import { MAX_TAG_NAME_LENGTH } from '../domain/tag.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { AssetGroupStore, type AssetGroup } from './asset-group-queries.js';

/** Renaming a legacy asset group: its own name only (the tag behind it keeps its name and kind). */
@Injectable()
export class AssetGroupCommands {
  constructor(private readonly groups: AssetGroupStore) {}

  async rename(id: number, name: string | undefined): Promise<AssetGroup> {
    if (name === undefined || name.trim() === '') throw ApiError.badRequest(AssetGroupsErrors.assetGroupNameEmpty);
    if (name.length > MAX_TAG_NAME_LENGTH) throw ApiError.badRequest(AssetGroupsErrors.assetGroupNameTooLong);
    if (name.includes('\u0000')) throw ApiError.badRequest(AssetGroupsErrors.assetGroupNameNul);
    const group = await this.groups.rename(id, name);
    if (!group) throw ApiError.notFound();
    return group;
  }
}
