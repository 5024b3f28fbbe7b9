import neo4j, { type Driver, type Record as Neo4jRecord } from 'neo4j-driver';

/** One statement a fake session was asked to run, with how it was run. */
export interface RecordedStatement {
  text: string;
  parameters: Record<string, unknown>;
  /** `read`/`write`: inside executeRead/executeWrite; `auto`: session.run (schema commands). */
  mode: 'read' | 'write' | 'auto';
  timeout?: number;
  fetchSize?: number;
}

/** Canned result: column names and rows of driver values (build them with neo4j.types.Node, neo4j.int, ...). */
export interface FakeRows {
  keys: string[];
  rows: unknown[][];
}

type Answer = FakeRows | Error | ((statement: RecordedStatement) => FakeRows | Error);

const EMPTY: FakeRows = { keys: [], rows: [] };

/**
 * A stand-in for neo4j-driver's Driver (unit tests only): records every statement with its parameters, the
 * transaction mode and timeout, and answers from canned results chosen by a pattern on the statement text.
 */
export class FakeNeo4jDriver {
  readonly statements: RecordedStatement[] = [];
  readonly sessionConfigs: object[] = [];
  /** Records handed to callers that streamed a result (to see that a row cap stops the stream). */
  pulled = 0;
  openSessions = 0;
  closed = false;
  connectivityError: Error | undefined;
  private readonly answers: { match: RegExp; answer: Answer }[] = [];

  /** Answers statements matching `match` (first registered match wins); others get no rows. */
  respond(match: RegExp, answer: Answer): this {
    this.answers.push({ match, answer });
    return this;
  }

  asDriver(): Driver {
    return this as unknown as Driver;
  }

  async verifyConnectivity(): Promise<void> {
    if (this.connectivityError) throw this.connectivityError;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  session(config: { fetchSize?: number } = {}): FakeSession {
    this.sessionConfigs.push(config);
    this.openSessions++;
    return new FakeSession(this, config.fetchSize);
  }

  /** The statements' texts, for compact assertions. */
  get texts(): string[] {
    return this.statements.map((s) => s.text);
  }

  answer(statement: RecordedStatement): FakeRows | Error {
    this.statements.push(statement);
    const found = this.answers.find((a) => a.match.test(statement.text))?.answer ?? EMPTY;
    return typeof found === 'function' ? found(statement) : found;
  }
}

class FakeSession {
  constructor(private readonly driver: FakeNeo4jDriver, private readonly fetchSize: number | undefined) {}

  run(text: string, parameters: Record<string, unknown> = {}): FakeResult {
    return new FakeResult(this.driver, this.driver.answer({ text, parameters, mode: 'auto' }));
  }

  executeRead<T>(work: (tx: FakeTransaction) => Promise<T>, config: { timeout?: number } = {}): Promise<T> {
    return work(new FakeTransaction(this.driver, 'read', config.timeout, this.fetchSize));
  }

  executeWrite<T>(work: (tx: FakeTransaction) => Promise<T>, config: { timeout?: number } = {}): Promise<T> {
    return work(new FakeTransaction(this.driver, 'write', config.timeout, this.fetchSize));
  }

  async close(): Promise<void> {
    this.driver.openSessions--;
  }
}

class FakeTransaction {
  constructor(
    private readonly driver: FakeNeo4jDriver,
    private readonly mode: 'read' | 'write',
    private readonly timeout: number | undefined,
    private readonly fetchSize: number | undefined,
  ) {}

  run(text: string, parameters: Record<string, unknown> = {}): FakeResult {
    const statement = { text, parameters, mode: this.mode, timeout: this.timeout, fetchSize: this.fetchSize };
    return new FakeResult(this.driver, this.driver.answer(statement));
  }
}

/** Like the driver's Result: awaitable for all records, or streamed with `for await`; errors surface on use. */
class FakeResult implements PromiseLike<{ records: Neo4jRecord[] }> {
  constructor(private readonly driver: FakeNeo4jDriver, private readonly answer: FakeRows | Error) {}

  async keys(): Promise<string[]> {
    return this.rows().keys;
  }

  then<A = { records: Neo4jRecord[] }, B = never>(
    onFulfilled?: ((value: { records: Neo4jRecord[] }) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    const all = (async () => {
      const { keys, rows } = this.rows();
      return { records: rows.map((row) => new neo4j.types.Record(keys, row)) };
    })();
    return all.then(onFulfilled, onRejected);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Neo4jRecord> {
    const { keys, rows } = this.rows();
    for (const row of rows) {
      this.driver.pulled++;
      yield new neo4j.types.Record(keys, row);
    }
  }

  private rows(): FakeRows {
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
}
