import { Neo4jConnection } from '../neo4j-connection.js';
import { FakeNeo4jDriver } from './fake-neo4j-driver.js';
import { graphConfigSlice } from '../../../graph-config.js';

export const FAKE_NEO4J_URL = 'bolt://neo4j.test:7687';

/** A Neo4jConnection over a FakeNeo4jDriver, configured as GRAPH_DRIVER=neo4j unless told otherwise. */
export function fakeConnection(graphDriver: 'neo4j' | 'pg' = 'neo4j'): { fake: FakeNeo4jDriver; connection: Neo4jConnection } {
  const fake = new FakeNeo4jDriver();
  const env = { GRAPH_DRIVER: graphDriver, NEO4J_URL: FAKE_NEO4J_URL, NEO4J_PASSWORD: 'secret' };
  const config = graphConfigSlice.read(env);
  return { fake, connection: new Neo4jConnection(config, () => fake.asDriver()) };
}
