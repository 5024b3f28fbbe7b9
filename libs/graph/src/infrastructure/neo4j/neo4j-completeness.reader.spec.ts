import { describe, expect, it } from '@jest/globals';
import { COMPLETENESS_STATEMENT, Neo4jCompletenessReader } from './neo4j-completeness.reader.js';
import { fakeConnection } from './testing/fake-connection.js';

describe('Neo4jCompletenessReader', () => {
  it('reads both shares in one read statement', async () => {
    const { fake, connection } = fakeConnection();
    fake.respond(/./, { keys: ['sessions', 'localGroups'], rows: [[0.5, 0.25]] });
    expect(await new Neo4jCompletenessReader(connection).read()).toEqual({ sessions: 0.5, localGroups: 0.25 });
    expect(fake.statements).toEqual([expect.objectContaining({ text: COMPLETENESS_STATEMENT, mode: 'read' })]);
  });

  it('counts local-group edges of every kind and only Windows computers', () => {
    expect(COMPLETENESS_STATEMENT).toContain('(a)<-[:`AdminTo`|`CanRDP`|`CanPSRemote`|`ExecuteDCOM`|`CanBackup`]-()');
    expect(COMPLETENESS_STATEMENT).toContain("MATCH (n:`Computer`) WHERE n.enabled = true AND n.operatingsystem CONTAINS 'WINDOWS'");
    expect(COMPLETENESS_STATEMENT).toContain('(a)<-[:`HasSession`]-()');
  });
});
