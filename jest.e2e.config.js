// E2E tests: the real app over HTTP on a real PostgreSQL, one database per test file.
import { base } from './jest.config.js';

export default {
  ...base,
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  testTimeout: 60000,
  maxWorkers: 2,
};
