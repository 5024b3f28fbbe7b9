// Unit tests: next to the code, in-memory fakes only. `base` is shared with the e2e config.
export const base = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2023',
        keepClassNames: true,
      },
      module: { type: 'es6' },
      sourceMaps: 'inline',
    }],
  },
  moduleNameMapper: {
    '^@app/(platform|auth|identity|graph|asset-groups|posture|collection|ingest|analysis|saved-queries)$': '<rootDir>/libs/$1/src/index.ts',
    '^@app/(platform|graph|asset-groups|ingest|analysis)/testing$': '<rootDir>/libs/$1/src/testing/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};

export default {
  ...base,
  testMatch: ['<rootDir>/{apps,libs}/*/src/**/*.spec.ts', '<rootDir>/test/architecture/*.spec.ts'],
};
