import { describe, expect, it } from '@jest/globals';
import { ConfigError } from './config-error.js';
import { defineConfigSlice } from './config-slice.js';
import { readConfiguration } from './configuration.js';

class ShelfConfig {
  constructor(readonly shelves: number, readonly dir: string) {}
}
class LampConfig {
  constructor(readonly lit: boolean | undefined) {}
}
const shelf = defineConfigSlice(
  ShelfConfig, (env) => new ShelfConfig(env.integer('SHELVES', 3, 1, 9), env.path('SHELF_DIR', './shelf')),
);
const lamp = defineConfigSlice(LampConfig, (env) => new LampConfig(env.boolean('LAMP_LIT')));

describe('readConfiguration', () => {
  it("reads the platform's settings and every slice from one environment", () => {
    const { app, slices } = readConfiguration([shelf, lamp], { PORT: '9000', SHELVES: '5', LAMP_LIT: 'true' }, '/srv');
    expect(app.port).toBe(9000);
    expect(slices.get(ShelfConfig)).toEqual(new ShelfConfig(5, '/srv/shelf'));
    expect(slices.get(LampConfig)).toEqual(new LampConfig(true));
  });

  it('fails with the ConfigError of the first bad variable, in any slice', () => {
    expect(() => readConfiguration([shelf, lamp], { LAMP_LIT: 'maybe' }))
      .toThrow(new ConfigError('LAMP_LIT must be true or false, got "maybe"'));
    expect(() => readConfiguration([shelf, lamp], { SHELVES: '10', LAMP_LIT: 'maybe' }))
      .toThrow(new ConfigError('SHELVES must be an integer from 1 to 9, got "10"'));
  });

  it("checks the platform's variables before the slices'", () => {
    expect(() => readConfiguration([shelf], { PORT: 'abc', SHELVES: '10' })).toThrow(/^PORT must be an integer/);
  });
});
