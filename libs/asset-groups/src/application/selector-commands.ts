import { Injectable } from '@nestjs/common';
import { CypherService } from '@app/graph';
import { ApiError } from '@app/platform';
import { AutoCertify, SeedType, type Seed, type Selector, type SelectorPatch } from '../domain/selector.js';
import {
  autoCertifyViolation, refusesContentChange, refusesDisable, seedViolation, type AutoCertifyViolation, type SeedViolation,
} from '../domain/selector-rules.js';
import type { Tag } from '../domain/tag.js';
import { TagHistoryAction } from '../domain/tag-history.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { SelectorStore } from './ports.js';
import { SelectorQueries } from './selector-queries.js';
import { TagHistory } from './tag-history.js';

/** A selector as a client sends it (seed types unchecked until the rules have seen them). */
export interface SelectorInput {
  name?: string;
  description?: string;
  autoCertify?: number;
  disabled?: boolean;
  seeds?: { type: number; value: string }[];
}

function seedMessage(violation: SeedViolation): string {
  switch (violation.rule) {
    case 'required': return AssetGroupsErrors.seedsRequired;
    case 'tooMany': return AssetGroupsErrors.seedsTooMany(violation.max);
    case 'invalidType': return AssetGroupsErrors.invalidSeedType(violation.type);
    case 'mixedTypes': return AssetGroupsErrors.seedTypesMixed;
    case 'emptyValue': return AssetGroupsErrors.seedValueEmpty;
    case 'valueTooLong': return AssetGroupsErrors.seedValueTooLong(violation.max);
  }
}

function autoCertifyMessage(violation: AutoCertifyViolation): string {
  return violation.rule === 'onlyTiers' ? AssetGroupsErrors.autoCertifyTiersOnly : AssetGroupsErrors.autoCertifyRange;
}

/**
 * Creating, changing and deleting a tag's selectors, with the reference's checks in its order (agt-wire §3).
 * Membership follows at the next evaluation (after ingest, or POST /api/v2/asset-group-tags/evaluation). Each change
 * is recorded in the tag history after it is written.
 */
@Injectable()
export class SelectorCommands {
  constructor(
    private readonly queries: SelectorQueries,
    private readonly selectors: SelectorStore,
    private readonly cypher: CypherService,
    private readonly history: TagHistory,
  ) {}

  async create(actor: string, tagId: number, input: SelectorInput): Promise<Selector> {
    const tag = await this.queries.tagOrNotFound(tagId);
    const seeds = await this.checkedSeeds(input.seeds);
    this.checkAutoCertify(tag, input.autoCertify);
    const created = await this.selectors.create(tagId, {
      name: input.name ?? '',
      description: input.description ?? '',
      autoCertify: (input.autoCertify ?? AutoCertify.Disabled) as AutoCertify,
      seeds,
    }, actor);
    await this.record(TagHistoryAction.CreateSelector, created, actor);
    return created;
  }

  async update(actor: string, tagId: number, selectorId: number, input: SelectorInput): Promise<Selector> {
    const { tag, selector } = await this.queries.selectorOfTag(tagId, selectorId);
    const patch: SelectorPatch = {
      name: input.name,
      description: input.description,
      autoCertify: input.autoCertify as AutoCertify | undefined,
      disabled: input.disabled,
      seeds: input.seeds as Seed[] | undefined,
    };
    if (refusesDisable(selector, patch)) throw ApiError.forbidden(AssetGroupsErrors.selectorCannotDisable);
    this.checkAutoCertify(tag, input.autoCertify);
    if (refusesContentChange(selector, patch)) throw ApiError.forbidden(AssetGroupsErrors.defaultSelectorFields);
    if (input.seeds !== undefined) patch.seeds = await this.checkedSeeds(input.seeds);
    const updated = await this.selectors.update(selectorId, patch, actor);
    await this.record(TagHistoryAction.UpdateSelector, updated, actor);
    return updated;
  }

  async delete(actor: string, tagId: number, selectorId: number): Promise<void> {
    const { selector } = await this.queries.selectorOfTag(tagId, selectorId);
    if (selector.isDefault) throw ApiError.forbidden(AssetGroupsErrors.defaultSelectorDelete);
    await this.selectors.delete(selectorId);
    await this.record(TagHistoryAction.DeleteSelector, selector, actor);
  }

  /**
   * The seed rules, then each Cypher seed through the selector gate (parse, read-only, stricter complexity): what
   * selector writes and previews accept.
   */
  async checkedSeeds(seeds: SelectorInput['seeds']): Promise<Seed[]> {
    const violation = seedViolation(seeds);
    if (violation) throw ApiError.badRequest(seedMessage(violation));
    const checked = seeds as Seed[];
    for (const seed of checked.filter((s) => s.type === SeedType.Cypher)) {
      try {
        await this.cypher.checkSelector(seed.value);
      } catch (error) {
        if (error instanceof ApiError) throw ApiError.badRequest(AssetGroupsErrors.cypherInvalid(error.messages[0] ?? ''));
        throw error;
      }
    }
    return checked.map((seed) => ({ type: seed.type, value: seed.value }));
  }

  private record(action: TagHistoryAction, selector: Selector, actor: string): Promise<void> {
    return this.history.record([{ action, target: selector.name, tagId: selector.tagId, actor }]);
  }

  private checkAutoCertify(tag: Tag, value: number | undefined): void {
    const violation = autoCertifyViolation(tag, value);
    if (violation) throw ApiError.badRequest(autoCertifyMessage(violation));
  }
}
