import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's suite. api and bff also run against
// Postgres and Redis when DATABASE_URL / REDIS_URL are set (CI does both).
export default defineConfig({
  test: {
    projects: [
      'shared',
      'server-kit',
      'api',
      'bff',
      'web',
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts', 'eslint/**/*.test.ts', 'reliability/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
