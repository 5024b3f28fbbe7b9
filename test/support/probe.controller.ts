import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Database, Deprecated, EnterpriseOnly, IntId, Public } from '@app/platform';

/** Routes that exist only in tests, to exercise the platform's cross-cutting behaviour through real HTTP. */
@Controller('test-probe')
@Public()
export class ProbeController {
  constructor(private readonly db: Database) {}

  @Get('slow-sql')
  async slowSql() {
    await this.db.query('SELECT pg_sleep(20) /* probe-slow-sql */');
    return { data: 'finished' };
  }

  @Get('slow-steps')
  async slowSteps() {
    await this.db.transaction(async (manager) => {
      for (let step = 0; step < 3; step++) await manager.query('SELECT pg_sleep(0.9) /* probe-slow-steps */');
    });
    return { data: 'finished' };
  }

  @Get('slow-handler')
  async slowHandler() {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { data: 'finished' };
  }

  @Get('nested')
  async nested() {
    return this.db.transaction(async (manager) => {
      const [outer] = await manager.query('SELECT pg_backend_pid() AS pid, txid_current() AS tx');
      const [inner] = await this.db.query<{ pid: number; tx: string }>('SELECT pg_backend_pid() AS pid, txid_current() AS tx');
      return { data: { same_connection: outer.pid === inner.pid, same_transaction: outer.tx === inner.tx } };
    });
  }

  @Get('read-only')
  async readOnly() {
    try {
      await this.db.query('CREATE TEMP TABLE probe_write (x int)', [], { readOnly: true });
      return { data: { refused: null } };
    } catch (error) {
      return { data: { refused: (error as { driverError?: { code?: string } }).driverError?.code ?? 'unknown' } };
    }
  }

  @Get('items/:item_id')
  item(@IntId('item_id') id: number) {
    return { data: id };
  }

  /** A query value written to PostgreSQL with no field check, as a route that forgot one would. */
  @Get('unchecked-text')
  async uncheckedText(@Query('value') value: string) {
    const [row] = await this.db.query<{ length: number }>('SELECT length($1::text) AS length', [value]);
    return { data: row.length };
  }

  @Get('boom')
  boom(): never {
    throw new Error('secret internal detail /etc/passwd');
  }

  @Get('enterprise')
  @EnterpriseOnly()
  enterprise() {
    return { data: 'enterprise' };
  }

  @Get('old')
  @Deprecated('/api/v2/test-probe/new')
  old() {
    return { data: 'old' };
  }

  @Post('echo')
  @HttpCode(200)
  echo() {
    return { data: 'ok' };
  }
}
