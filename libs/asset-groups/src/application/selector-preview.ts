import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import { ExpansionMethod } from '../domain/expansion.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { SelectorCommands, type SelectorInput } from './selector-commands.js';
import { TagEvaluation, type PreviewMember } from './tag-evaluation.js';

/** Preview pages hold this many nodes unless the request says otherwise (compat part 2 §3). */
export const PREVIEW_DEFAULT_LIMIT = 200;

const METHODS: readonly number[] = Object.values(ExpansionMethod);

/**
 * POST /api/v2/asset-group-tags/preview-selectors: the seeds pass the selector checks (seed rules, the Cypher
 * selector gate), then evaluation resolves and expands them without writing anything.
 */
@Injectable()
export class SelectorPreview {
  constructor(private readonly commands: SelectorCommands, private readonly evaluation: TagEvaluation) {}

  async preview(seeds: SelectorInput['seeds'], expansion: number | undefined, limit: number): Promise<PreviewMember[]> {
    const checked = await this.commands.checkedSeeds(seeds);
    const method = expansion ?? ExpansionMethod.All;
    if (!METHODS.includes(method)) throw ApiError.badRequest(AssetGroupsErrors.expansionInvalid);
    return this.evaluation.preview(checked, method as ExpansionMethod, limit);
  }
}
