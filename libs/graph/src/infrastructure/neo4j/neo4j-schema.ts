import { quoteIdentifier } from '../../cypher/printer.js';
import { AD_NODE_KINDS, AZURE_NODE_KINDS } from '../../domain/kinds.js';
import { NODE_LABEL } from './neo4j-values.js';

/** Labels whose `name` is indexed: the store's own label and the two kinds search and most queries start from. */
const NAME_INDEXED = [NODE_LABEL, 'Base', 'AZBase'];

/**
 * The constraints and indexes the adapter relies on, each idempotent (`IF NOT EXISTS`): objectid unique on
 * NODE_LABEL (what MERGE by objectid uses) and on every AD and Azure node kind (so `(n:User {objectid: …})` is an
 * index seek), and `name` indexes for search.
 */
export function schemaStatements(): string[] {
  const uniqueObjectId = [NODE_LABEL, ...AD_NODE_KINDS, ...AZURE_NODE_KINDS].map((label) =>
    `CREATE CONSTRAINT ${quoteIdentifier(`pw_${label}_objectid`)} IF NOT EXISTS ` +
      `FOR (n:${quoteIdentifier(label)}) REQUIRE n.objectid IS UNIQUE`);
  const nameIndexes = NAME_INDEXED.map((label) =>
    `CREATE INDEX ${quoteIdentifier(`pw_${label}_name`)} IF NOT EXISTS FOR (n:${quoteIdentifier(label)}) ON (n.name)`);
  return [...uniqueObjectId, ...nameIndexes];
}
