/** What the datapipe is doing (GET /api/v2/datapipe/status). */
export const DatapipeStatuses = ['idle', 'ingesting', 'analyzing'] as const;
export type DatapipeStatus = (typeof DatapipeStatuses)[number];

/** The datapipe status row: one for the whole deployment, shared by every instance. */
export interface DatapipeState {
  status: DatapipeStatus;
  updatedAt: Date;
  /** End of the latest analysis that succeeded. */
  lastCompleteAnalysisAt: Date | null;
  /** Start of the latest analysis, whatever its outcome. */
  lastAnalysisRunAt: Date | null;
}

/** A pending request for an analysis (PUT /api/v2/analysis): at most one exists. */
export interface AnalysisRequest {
  requestedBy: string;
  requestedAt: Date;
}
