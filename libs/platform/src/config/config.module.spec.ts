import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { AppConfig } from './app-config.js';
import { ConfigError } from './config-error.js';
import { defineConfigSlice } from './config-slice.js';
import { ConfigModule } from './config.module.js';

class ShelfConfig {
  constructor(readonly shelves: number) {}
}
const shelf = defineConfigSlice(ShelfConfig, (env) => new ShelfConfig(env.integer('SHELVES', 3, 1, 9)));

describe('ConfigModule.forRoot', () => {
  const saved = { ...process.env };
  // DATABASE_URL: the embedded database would generate secrets into DATA_DIR.
  beforeEach(() => {
    Object.assign(process.env, { DATABASE_URL: 'postgres://h/db', PORT: '9000' });
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('provides AppConfig and each slice under its class', async () => {
    process.env.SHELVES = '5';
    const moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot([shelf])] }).compile();
    expect(moduleRef.get(AppConfig).port).toBe(9000);
    expect(moduleRef.get(ShelfConfig)).toEqual(new ShelfConfig(5));
  });

  it("fails with a slice's ConfigError", async () => {
    process.env.SHELVES = '10';
    await expect(Test.createTestingModule({ imports: [ConfigModule.forRoot([shelf])] }).compile())
      .rejects.toThrow(new ConfigError('SHELVES must be an integer from 1 to 9, got "10"'));
  });
});
