// Moved to api/failure-message.ts; re-exported while PathfindingTab, SearchTab, RelatedListSection and CypherTab
// still import it from here.
export { failureMessage, isAbort } from '../api/failure-message';
