// Moved to app/download.ts; re-exported while RelatedListSection imports it from here.
export { downloadText } from '../app/download';
