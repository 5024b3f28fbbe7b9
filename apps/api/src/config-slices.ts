import { analysisConfigSlice } from '@app/analysis';
import { authConfigSlice } from '@app/auth';
import { collectionConfigSlice } from '@app/collection';
import { graphConfigSlice } from '@app/graph';
import { identityConfigSlice } from '@app/identity';
import { ingestConfigSlice } from '@app/ingest';
import type { ConfigSlice } from '@app/platform';

/**
 * Every library's configuration slice, read and validated with the platform's settings before anything starts
 * (`checkApiConfig`, the CLI's start) and provided by `ConfigModule.forRoot`. The CLI checks the same list: a bad
 * variable stops either process the same way.
 */
export const CONFIG_SLICES: readonly ConfigSlice[] = [
  identityConfigSlice, authConfigSlice, graphConfigSlice, collectionConfigSlice, ingestConfigSlice, analysisConfigSlice,
];
