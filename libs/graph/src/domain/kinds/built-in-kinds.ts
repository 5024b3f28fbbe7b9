import { AD_EDGE_KIND_RECORDS } from './ad-edge-kinds.js';
import { AZURE_EDGE_KIND_RECORDS } from './azure-edge-kinds.js';
import type { KindRecord } from './kind-record.js';
import { NODE_KIND_RECORDS } from './node-kinds.js';

/** The schema the graph knows at start (graph-reference §7), in registration order: node kinds, AD, Azure edges. */
export const BUILT_IN_KIND_RECORDS: readonly KindRecord[] = [
  ...NODE_KIND_RECORDS, ...AD_EDGE_KIND_RECORDS, ...AZURE_EDGE_KIND_RECORDS,
];
