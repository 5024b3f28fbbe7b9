import type { MigrationClass } from '@app/platform';
import { IdentityPlaceholderEmail1732240000900, IdentitySchema1732240000100 } from '@app/identity';
import { AuthSchema1732240000200 } from '@app/auth';
import {
  CustomNodeKinds1732240001150, GraphChangeLog1732240000320, GraphDistinguishedNameIndex1732240000310, GraphSchema1732240000300,
} from '@app/graph';
import { AssetGroupsSchema1732240000400, MembershipDigests1732240000410, TagHistory1732240001430 } from '@app/asset-groups';
import { PostureSchema1732240000500 } from '@app/posture';
import { CollectionIssuerAddresses1732240001170, CollectionSchema1732240000600 } from '@app/collection';
import { IngestLifecycle1732240001000, IngestSchema1732240000700 } from '@app/ingest';
import { AnalysisSchema1732240000800 } from '@app/analysis';
import { SavedQueriesSchema1732240001100 } from '@app/saved-queries';

/** Feature migrations in the order they must run (after the platform's own). */
export const migrations: MigrationClass[] = [IdentitySchema1732240000100, AuthSchema1732240000200, GraphSchema1732240000300,
  GraphDistinguishedNameIndex1732240000310, GraphChangeLog1732240000320,
  AssetGroupsSchema1732240000400, MembershipDigests1732240000410, PostureSchema1732240000500, CollectionSchema1732240000600,
  IngestSchema1732240000700, AnalysisSchema1732240000800, IdentityPlaceholderEmail1732240000900,
  IngestLifecycle1732240001000, SavedQueriesSchema1732240001100, CustomNodeKinds1732240001150, CollectionIssuerAddresses1732240001170,
  TagHistory1732240001430];
