/** Wire messages of the analysis library's endpoints (reference wording where it has one: routes-misc C.10). */
export const AnalysisErrors = {
  // POST /api/v2/clear-database
  jsonMalformed: 'JSON malformed.',
  nothingSelected: 'please select something to delete',
  graphAndSourceKinds: 'request may only specify either deleteCollectedGraphData or deleteSourceKinds, not both',
  unknownSourceKind: (id: number) => `failure building delete request: requested source kind id ${id} not found`,
  // Ours: the reference queues the deletion for its datapipe instead of refusing.
  wipeWhileBusy: 'the database cannot be cleared while ingest or analysis is running; try again once the datapipe is idle',
  // Ours: a bound the reference does not have (each named asset group is looked up).
  tooManyWipeItems: (field: string, max: number) => `${field} may name at most ${max} items`,
  // Two spaces after the period, as the reference writes it.
  wipeFailed: (items: readonly string[]) =>
    `We encountered an error while deleting ${items.join(', ')}.  Please submit your request again.`,
} as const;
