import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/http/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // The HTTP and database suites mostly wait on PostgreSQL and sockets: more files at once than cores (Vitest's
    // default is one fewer than the cores, a single worker on CI's two).
    maxWorkers: '150%',
    // Each file makes its own app, database and servers, so the files share nothing but the modules: a worker imports
    // the server's modules once rather than once per file (about a quarter of the run's time was those imports).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
