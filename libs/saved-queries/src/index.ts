export { SavedQueriesModule } from './saved-queries.module.js';
export { SavedQueriesSchema1732240001100 } from './infrastructure/migrations/1732240001100-saved-queries-schema.js';
