import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import neo4j from 'neo4j-driver';
import { ErrorMessages, runWithRequestContext } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { AD_NODE_KINDS, AZURE_NODE_KINDS } from '../../domain/kinds.js';
import { PathfindingErrors } from '../../application/pathfinding-rules.js';
import { createNeo4jDriver, Neo4jConnection, NEO4J_NOT_CONFIGURED, type Neo4jSettings } from './neo4j-connection.js';
import { Neo4jMessages } from './neo4j-errors.js';
import { FAKE_NEO4J_URL, fakeConnection } from './testing/fake-connection.js';
import { FakeNeo4jDriver } from './testing/fake-neo4j-driver.js';
import { graphConfigSlice } from '../../graph-config.js';

const NOW = 1_700_000_000_000;

function neo4jError(code: string, message = 'boom'): Error {
  return new neo4j.Neo4jError(message, code, '50N42', 'error');
}

/** Runs `fn` inside a request whose deadline is `ms` from NOW. */
function withDeadline<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  return runWithRequestContext({ requestId: 'r1', deadline: NOW + ms }, fn);
}

describe('Neo4jConnection', () => {
  beforeEach(() => {
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  describe('driver', () => {
    it('is created on first use only, from NEO4J_URL, NEO4J_USER and NEO4J_PASSWORD', () => {
      const fake = new FakeNeo4jDriver();
      const factory = jest.fn((_settings: Neo4jSettings) => fake.asDriver());
      const config = graphConfigSlice.read({
        GRAPH_DRIVER: 'neo4j', NEO4J_URL: FAKE_NEO4J_URL, NEO4J_USER: 'reader', NEO4J_PASSWORD: 'pw',
      });
      const connection = new Neo4jConnection(config, factory);
      expect(factory).not.toHaveBeenCalled();
      expect(connection.driver).toBe(fake);
      expect(connection.driver).toBe(fake);
      expect(factory).toHaveBeenCalledTimes(1);
      expect(factory).toHaveBeenCalledWith({ url: FAKE_NEO4J_URL, user: 'reader', password: 'pw' });
    });

    it('refuses to exist without NEO4J_URL', () => {
      const connection = new Neo4jConnection(graphConfigSlice.read({}));
      expect(() => connection.driver).toThrow(NEO4J_NOT_CONFIGURED);
    });

    it('is the real driver by default, created without connecting', async () => {
      const driver = createNeo4jDriver({ url: FAKE_NEO4J_URL, user: 'neo4j', password: 'x' });
      await driver.close();
    });
  });

  describe('start-up', () => {
    it('does nothing on the pg backend', async () => {
      const { fake, connection } = fakeConnection('pg');
      await connection.onModuleInit();
      expect(fake.statements).toEqual([]);
      expect(fake.sessionConfigs).toEqual([]);
    });

    it('creates objectid constraints for every AD and Azure node kind and name indexes, all idempotent', async () => {
      const { fake, connection } = fakeConnection();
      await connection.onModuleInit();
      expect(fake.statements.every((s) => s.mode === 'auto' && / IF NOT EXISTS /.test(s.text))).toBe(true);
      for (const kind of ['PWNode', ...AD_NODE_KINDS, ...AZURE_NODE_KINDS]) {
        expect(fake.texts).toContain(
          `CREATE CONSTRAINT \`pw_${kind}_objectid\` IF NOT EXISTS FOR (n:\`${kind}\`) REQUIRE n.objectid IS UNIQUE`,
        );
      }
      expect(fake.texts).toContain('CREATE INDEX `pw_Base_name` IF NOT EXISTS FOR (n:`Base`) ON (n.name)');
      expect(fake.texts).toContain('CREATE INDEX `pw_AZBase_name` IF NOT EXISTS FOR (n:`AZBase`) ON (n.name)');
      expect(fake.openSessions).toBe(0);
    });

    it('fails start-up with one clear line when Neo4j is unreachable', async () => {
      const { fake, connection } = fakeConnection();
      fake.connectivityError = neo4jError(neo4j.error.SERVICE_UNAVAILABLE, 'Could not perform discovery\nmore detail');
      await expect(connection.onModuleInit()).rejects.toThrow(
        Neo4jMessages.unreachable(FAKE_NEO4J_URL, 'Could not perform discovery'),
      );
      expect(fake.statements).toEqual([]);
    });

    it('closes the driver on shutdown', async () => {
      const { fake, connection } = fakeConnection();
      void connection.driver;
      await connection.onModuleDestroy();
      expect(fake.closed).toBe(true);
    });
  });

  describe('units of work', () => {
    it('runs reads in a read transaction whose timeout is the time left before the deadline', async () => {
      const { fake, connection } = fakeConnection();
      await withDeadline(5000, () => connection.read((tx) => tx.run('RETURN 1').then(() => undefined)));
      expect(fake.statements).toEqual([{ text: 'RETURN 1', parameters: {}, mode: 'read', timeout: 5000, fetchSize: undefined }]);
      expect(fake.openSessions).toBe(0);
    });

    it('runs writes in a write transaction under the deadline', async () => {
      const { fake, connection } = fakeConnection();
      await withDeadline(1234, () => connection.write((tx) => tx.run('RETURN 1').then(() => undefined)));
      expect(fake.statements[0]).toMatchObject({ mode: 'write', timeout: 1234 });
    });

    it('passes the fetch size a reader asks for', async () => {
      const { fake, connection } = fakeConnection();
      await connection.read((tx) => tx.run('RETURN 1').then(() => undefined), { fetchSize: 11 });
      expect(fake.sessionConfigs[0]).toMatchObject({ fetchSize: 11, defaultAccessMode: neo4j.session.READ });
    });

    it('answers 504 without touching Neo4j once the deadline has passed', async () => {
      const { fake, connection } = fakeConnection();
      const error = await apiErrorOf(withDeadline(0, () => connection.read(async () => 1)));
      expect([error.status, error.messages]).toEqual([504, [ErrorMessages.requestTimedOut]]);
      expect(fake.sessionConfigs).toEqual([]);
    });
  });

  describe('errors', () => {
    async function failWith(error: Error, deadlineMs = 5000) {
      const { fake, connection } = fakeConnection();
      fake.respond(/./, error);
      const outcome = withDeadline(deadlineMs, () => connection.read(async (tx) => (await tx.run('RETURN 1')).records));
      return { outcome, fake };
    }

    it.each([
      'Neo.ClientError.Transaction.TransactionTimedOut',
      'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration',
    ])('answers 504 request timed out for %s', async (code) => {
      const { outcome, fake } = await failWith(neo4jError(code));
      const error = await apiErrorOf(outcome);
      expect([error.status, error.messages]).toEqual([504, [ErrorMessages.requestTimedOut]]);
      expect(fake.openSessions).toBe(0);
    });

    it('answers 504 when no connection could be had in time', async () => {
      const { outcome } = await failWith(neo4jError('N/A', 'Connection acquisition timed out in 60000 ms.'));
      expect((await apiErrorOf(outcome)).status).toBe(504);
    });

    it('answers 504 for a terminated transaction once the deadline has passed', async () => {
      const { fake, connection } = fakeConnection();
      fake.respond(/./, () => {
        jest.mocked(Date.now).mockReturnValue(NOW + 10_000);
        return neo4jError('Neo.TransientError.Transaction.Terminated');
      });
      const error = await apiErrorOf(withDeadline(5000, () => connection.read(async (tx) => (await tx.run('RETURN 1')).records)));
      expect(error.status).toBe(504);
    });

    it('answers 400 query could not be evaluated with the first line of a statement error', async () => {
      const { outcome } = await failWith(
        neo4jError('Neo.ClientError.Statement.ArithmeticError', '/ by zero\n"RETURN 1/0"\n         ^'),
      );
      const error = await apiErrorOf(outcome);
      expect([error.status, error.messages]).toEqual([400, [Neo4jMessages.notEvaluable('/ by zero')]]);
    });

    it('answers 400 like the PostgreSQL pathfinder when a shortestPath row starts and ends at one node', async () => {
      const { outcome } = await failWith(neo4jError(
        'Neo.DatabaseError.Statement.ExecutionFailed',
        'The shortest path algorithm does not work when the start and end nodes are the same. This can happen if ...',
      ));
      const error = await apiErrorOf(outcome);
      expect([error.status, error.messages]).toEqual([400, [PathfindingErrors.sameNode]]);
    });

    it('answers 503 when Neo4j is unavailable', async () => {
      const { outcome } = await failWith(neo4jError(neo4j.error.SERVICE_UNAVAILABLE));
      const error = await apiErrorOf(outcome);
      expect([error.status, error.messages]).toEqual([503, [ErrorMessages.databaseUnavailable]]);
    });

    it('lets any other failure through unchanged (a fault of ours, 500)', async () => {
      const failure = neo4jError('Neo.ClientError.Schema.ConstraintValidationFailed');
      const { outcome } = await failWith(failure);
      await expect(outcome).rejects.toBe(failure);
    });
  });
});
