import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import { GraphStore, KindCatalog, tagKind } from '@app/graph';
import {
  isSeededTag, MAX_TAG_DESCRIPTION_LENGTH, tagKindName, TagType, type Tag, type TagDraft, type TagPatch,
} from '../domain/tag.js';
import {
  createViolation, effectiveChanges, newTierPosition, patchViolation, tierCount, type CreateViolation, type PatchViolation,
} from '../domain/tag-rules.js';
import { TagHistoryAction, tagUpdateActions } from '../domain/tag-history.js';
import { AssetGroupsErrors } from './asset-groups-errors.js';
import { MembershipStore, TagStore } from './ports.js';
import { TagHistory } from './tag-history.js';

/** A tag as it is inserted: the draft with its kind and the tier fields settled. */
export interface NewTag extends TagDraft {
  kindId: number;
}

/** A change as it is written: only fields that differ, plus the new kind of a rename. */
export interface TagChanges extends TagPatch {
  kindId?: number;
}

/**
 * Writes of asset group tags. `actor` is the user id recorded as created_by / updated_by. Duplicate kinds and glyphs
 * that slip past the use case's checks answer 409 (unique constraints).
 */
export abstract class TagWriter {
  /**
   * Runs `work` in one transaction that holds the tags' write lock, so the positions, counts and names it reads
   * stay true until it commits; store and graph calls inside join the transaction.
   */
  abstract exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Inserts the tag; a tier moves the tiers at and after its position down by one. */
  abstract create(tag: NewTag, actor: string): Promise<Tag>;
  /** Applies the changes; a new position shifts the tiers between the old and the new one. */
  abstract update(id: number, changes: TagChanges, actor: string): Promise<Tag>;
  /** Deletes the tag (its selectors and member rows cascade) and closes the gap in the tier positions. */
  abstract delete(id: number): Promise<void>;
}

const badRequest = (message: string) => () => ApiError.badRequest(message);

/** The wire answer of each rule a tag breaks. */
const VIOLATIONS: Readonly<Record<CreateViolation | PatchViolation, () => ApiError>> = {
  nameEmpty: badRequest(AssetGroupsErrors.tagNameEmpty),
  nameCharacters: badRequest(AssetGroupsErrors.tagNameCharacters),
  nameTooLong: badRequest(AssetGroupsErrors.tagNameTooLong),
  descriptionNul: badRequest(AssetGroupsErrors.descriptionNul),
  descriptionTooLong: badRequest(AssetGroupsErrors.descriptionTooLong(MAX_TAG_DESCRIPTION_LENGTH)),
  glyphInvalid: badRequest(AssetGroupsErrors.glyphInvalid),
  glyphReserved: badRequest(AssetGroupsErrors.glyphReserved),
  glyphTiersOnly: badRequest(AssetGroupsErrors.glyphTiersOnly),
  glyphTierZero: badRequest(AssetGroupsErrors.glyphTierZero),
  typeInvalid: badRequest(AssetGroupsErrors.tagTypeInvalid),
  tierOnlyFields: badRequest(AssetGroupsErrors.tierOnlyFields),
  analysisEnabledTiersOnly: badRequest(AssetGroupsErrors.analysisEnabledTiersOnly),
  limitExceeded: badRequest(AssetGroupsErrors.tagLimitExceeded),
  positionOutOfRange: badRequest(AssetGroupsErrors.positionOutOfRange),
  renameDefaultTag: badRequest(AssetGroupsErrors.renameDefaultTag),
  requireCertifyTiersOnly: badRequest(AssetGroupsErrors.requireCertifyTiersOnly),
  positionTiersOnly: badRequest(AssetGroupsErrors.positionTiersOnly),
  tierZeroPosition: () => ApiError.forbidden(AssetGroupsErrors.tierZeroPosition),
  tierZeroAnalysisEnabled: () => ApiError.forbidden(AssetGroupsErrors.tierZeroAnalysisEnabled),
};

/** The PATCH checks name analysis_enabled "analysisEnabledTiersOnly" too, with the reference's PATCH wording. */
const PATCH_OVERRIDES: Partial<Record<PatchViolation, () => ApiError>> = {
  analysisEnabledTiersOnly: badRequest(AssetGroupsErrors.analysisEnabledPatchTiersOnly),
};

/**
 * Creating, changing and deleting tags. Each runs in one locked unit of work: the checks against other tags
 * (limits, positions, unique kinds and glyphs) and the write cannot interleave with another tag write. A rename moves
 * the tag's kind on its member nodes; a delete takes it off them (the kind itself stays: kinds are never deleted).
 * Renames and deletes also hold the evaluation lock (MembershipStore.exclusively) around their unit of work, taken
 * first and released after the commit, so an evaluation never writes a kind under a name that is no longer current.
 */
@Injectable()
export class TagCommands {
  constructor(
    private readonly tags: TagStore,
    private readonly writer: TagWriter,
    private readonly kinds: KindCatalog,
    private readonly graph: GraphStore,
    private readonly membership: MembershipStore,
    private readonly history: TagHistory,
  ) {}

  create(draft: TagDraft, actor: string): Promise<Tag> {
    return this.writer.exclusively(async () => {
      const existing = await this.tags.list();
      const violation = createViolation(draft, existing);
      if (violation) throw VIOLATIONS[violation]();
      // Every refusal comes before the kind is claimed: a claimed kind is committed for good (smallint ids).
      if (draft.glyph !== null && existing.some((tag) => tag.glyph === draft.glyph)) {
        throw ApiError.conflict(AssetGroupsErrors.glyphUnique);
      }
      const kindId = await this.claimKind(draft.name, existing, null);
      const tier = draft.type === TagType.Tier;
      const tag = await this.writer.create({
        ...draft,
        kindId,
        position: newTierPosition(draft, existing),
        requireCertify: tier ? draft.requireCertify ?? false : null,
        analysisEnabled: tier ? draft.analysisEnabled ?? false : null,
      }, actor);
      await this.history.record([{ action: TagHistoryAction.CreateTag, target: tag.name, tagId: tag.id, actor }]);
      return tag;
    });
  }

  update(id: number, patch: TagPatch, actor: string): Promise<Tag> {
    const change = () => this.writer.exclusively(async () => {
      const tag = await this.tags.get(id);
      if (!tag) throw ApiError.notFound();
      if (Object.values(patch).every((value) => value === undefined)) throw ApiError.badRequest(AssetGroupsErrors.noValidFields);
      const existing = await this.tags.list();
      const violation = patchViolation(tag, patch, tierCount(existing));
      if (violation) throw (PATCH_OVERRIDES[violation] ?? VIOLATIONS[violation])();
      const changes: TagChanges = effectiveChanges(tag, patch);
      if (Object.keys(changes).length === 0) return tag;
      const renamed = changes.name !== undefined && tagKindName(changes.name) !== tagKindName(tag.name);
      if (changes.glyph && existing.some((other) => other.id !== id && other.glyph === changes.glyph)) {
        throw ApiError.conflict(AssetGroupsErrors.glyphUnique);
      }
      if (renamed) changes.kindId = await this.claimKind(changes.name as string, existing, id);
      const updated = await this.writer.update(id, changes, actor);
      await this.history.record(tagUpdateActions(changes.analysisEnabled).map((action) => ({
        action, target: updated.name, tagId: id, actor,
      })));
      if (renamed) {
        // Forgotten first: whatever happens below, the next evaluation applies the kind in full.
        await this.membership.recordKindApplied(id, null);
        // Old kind off first: on Neo4j (no shared transaction) a failed second write fails the rename, and the next
        // evaluation puts the old kind back, where the other order would leave the new kind orphaned.
        await this.graph.replaceKindMembers(tagKindName(tag.name), []);
        await this.graph.replaceKindMembers(tagKindName(updated.name), await this.membership.memberNodeIds(id));
      }
      return updated;
    });
    // Only a rename moves the kind; it waits for a running evaluation, which would otherwise put the old kind back.
    return patch.name === undefined ? change() : this.membership.exclusively(change);
  }

  delete(id: number, actor: string): Promise<void> {
    // Under the evaluation lock too: an evaluation of the tag must not put its kind back after it is taken off.
    return this.membership.exclusively(() => this.writer.exclusively(async () => {
      const tag = await this.tags.get(id);
      if (!tag) throw ApiError.notFound();
      if (isSeededTag(id)) throw ApiError.badRequest(AssetGroupsErrors.deleteDefaultTag);
      await this.graph.replaceKindMembers(tagKindName(tag.name), []);
      await this.history.record([{ action: TagHistoryAction.DeleteTag, target: tag.name, tagId: id, actor }]);
      await this.writer.delete(id);
    }));
  }

  /**
   * The id of the kind a tag named `name` carries, refused (409) when another tag holds it. A kind no tag holds
   * (one a deleted tag left behind, or one ingest wrote) may be taken.
   */
  private async claimKind(name: string, existing: readonly Tag[], self: number | null): Promise<number> {
    const kind = tagKindName(name);
    const others = existing.filter((tag) => tag.id !== self);
    // Compared by name first: a duplicate must not create a kind.
    if (others.some((tag) => tagKindName(tag.name) === kind)) throw ApiError.conflict(AssetGroupsErrors.tagNameUnique);
    const kindId = await this.kinds.kindId(kind);
    this.kinds.register(tagKind(kind));
    if (others.some((tag) => tag.kindId === kindId)) throw ApiError.conflict(AssetGroupsErrors.tagNameUnique);
    return kindId;
  }
}
