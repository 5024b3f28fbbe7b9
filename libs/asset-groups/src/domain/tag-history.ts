/** What a row of the asset group tag history records (the reference's AssetGroupHistory actions). */
export const TagHistoryAction = {
  CreateTag: 'CreateTag',
  UpdateTag: 'UpdateTag',
  DeleteTag: 'DeleteTag',
  AnalysisEnabledTag: 'AnalysisEnabledTag',
  AnalysisDisabledTag: 'AnalysisDisabledTag',
  CreateSelector: 'CreateSelector',
  UpdateSelector: 'UpdateSelector',
  DeleteSelector: 'DeleteSelector',
} as const;
export type TagHistoryAction = (typeof TagHistoryAction)[keyof typeof TagHistoryAction];

/** One change as the commands record it: `target` is the tag's or the selector's name at the time. */
export interface TagHistoryEntry {
  action: TagHistoryAction;
  target: string;
  tagId: number;
  /** A user id, or SYSTEM. */
  actor: string;
}

/** A recorded change; `email` is the actor's at the time (null when the actor has none). */
export interface TagHistoryRecord extends TagHistoryEntry {
  /** bigserial, as decimal text. */
  id: string;
  createdAt: Date;
  email: string | null;
  environmentId: string | null;
  note: string | null;
}

/** The history rows of a tag change: analysis_enabled turned on or off is recorded on its own as well. */
export function tagUpdateActions(analysisEnabled: boolean | undefined): TagHistoryAction[] {
  if (analysisEnabled === undefined) return [TagHistoryAction.UpdateTag];
  return [TagHistoryAction.UpdateTag, analysisEnabled ? TagHistoryAction.AnalysisEnabledTag : TagHistoryAction.AnalysisDisabledTag];
}
