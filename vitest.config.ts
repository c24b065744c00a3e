import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Two projects: every test on the embedded SQLite store, and the API suite again with each app on a PostgreSQL
 * database of its own (a throwaway cluster the global setup starts, unless CADUCEUS_TEST_DATABASE_URL names one).
 * `CADUCEUS_TEST_STORES=sqlite` leaves out what needs PostgreSQL, for a machine without it.
 */
const withPostgres = (process.env.CADUCEUS_TEST_STORES ?? "sqlite,postgres").includes("postgres");

const postgresProject: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: "postgres", include: ["tests/api/**/*.test.ts"], env: { CADUCEUS_TEST_STORE: "postgres" } },
};

export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
    globalSetup: ["tests/fixtures/postgres-global-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["tests/**/*.test.ts"],
          exclude: withPostgres ? [] : ["tests/e2e/replicas*.test.ts"],
        },
      },
      ...(withPostgres ? [postgresProject] : []),
    ],
  },
});
