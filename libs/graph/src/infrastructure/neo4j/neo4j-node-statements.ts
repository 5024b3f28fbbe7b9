import { printLabels, quoteIdentifier } from '../../cypher/printer.js';
import { jsonKeysUpdate } from './neo4j-properties.js';
import { NODE_LABEL } from './neo4j-values.js';

const NODE = `(n:${quoteIdentifier(NODE_LABEL)} {objectid: objectid})`;

/** Merges nodes by objectid and applies their property patches (labels are added per label set, after). */
export const UPSERT_NODES = `UNWIND $rows AS row
MERGE (n:${quoteIdentifier(NODE_LABEL)} {objectid: row.objectid})
SET n += row.properties
${jsonKeysUpdate('n')}`;

/** Adds one label set to the nodes of `$objectids`. */
export const ADD_LABELS = (labels: string[]) => `UNWIND $objectids AS objectid
MATCH ${NODE}
SET n${printLabels(labels)}`;
