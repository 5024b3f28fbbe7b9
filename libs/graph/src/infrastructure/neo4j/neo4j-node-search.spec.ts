import { describe, expect, it } from '@jest/globals';
import neo4j from 'neo4j-driver';
import { Neo4jNodeSearch, searchStatement } from './neo4j-node-search.js';
import { fakeConnection } from './testing/fake-connection.js';

function setup() {
  const { fake, connection } = fakeConnection();
  return { fake, search: new Neo4jNodeSearch(connection) };
}

describe('Neo4jNodeSearch', () => {
  it('searches AD and Azure objects by default, exact matches first, paged in the query', async () => {
    const { fake, search } = setup();
    fake.respond(/./, { keys: ['n'], rows: [[new neo4j.types.Node(4, ['PWNode', 'User', 'Base'], { name: 'ALICE@CORP' })]] });
    const found = await search.search({ text: 'alice', kinds: [], skip: 10, limit: 5 });
    expect(found).toEqual([{ id: '4', kinds: ['Base', 'User'], properties: { name: 'ALICE@CORP' } }]);
    expect(fake.statements).toEqual([expect.objectContaining({
      text: searchStatement([]),
      parameters: { text: 'alice', skip: neo4j.int(10), limit: neo4j.int(5) },
      mode: 'read',
    })]);
    expect(searchStatement([])).toBe(`MATCH (n) WHERE (n:\`Base\` OR n:\`AZBase\`) AND NOT (n:\`ADLocalGroup\` AND NOT n:\`Group\`)
WITH n, toUpper(n.name) AS name, toUpper(n.objectid) AS objectid, toUpper($text) AS q
WHERE name CONTAINS q OR objectid CONTAINS q
WITH n, CASE WHEN name = q OR objectid = q THEN 0 ELSE 1 END AS rank
RETURN n
ORDER BY rank, CASE WHEN rank = 0 THEN '' ELSE coalesce(n.name, n.displayname, n.objectid, '') END, id(n)
SKIP $skip LIMIT $limit`);
  });

  it('restricts to the requested kinds, each quoted', () => {
    expect(searchStatement(['User', 'Comp`uter', 'User'])).toContain('WHERE (n:`User` OR n:`Comp``uter`) AND');
  });

  it('asks nothing for an empty page', async () => {
    const { fake, search } = setup();
    expect(await search.search({ text: 'x', kinds: [], skip: 0, limit: 0 })).toEqual([]);
    expect(fake.statements).toEqual([]);
  });
});
