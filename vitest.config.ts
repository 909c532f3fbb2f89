import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/http/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // The HTTP and database suites mostly wait on PostgreSQL and sockets: more files at once than cores (Vitest's
    // default is one fewer than the cores, a single worker on CI's two).
    maxWorkers: '150%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});
