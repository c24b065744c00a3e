import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * One project per layer of the suite, so each can be run alone (`vitest run --project unit`):
 * - `unit` and `integration`: pure modules, and the store and domain over real databases — no build, no Chromium
 *   (`npm run test:unit` runs both);
 * - `api:sqlite` and `api:postgres`: the in-process app through `app.request`, on each store (every app on
 *   PostgreSQL gets a database of its own on a throwaway cluster the global setup starts, unless
 *   CADUCEUS_TEST_DATABASE_URL names one);
 * - `e2e`: the built server as a process, the real Chromium, the inspector; `e2e:process` runs the browser's guard
 *   tests again with a Chromium per session instead of a context in the shared one.
 *
 * The in-process layers share one module graph per worker (`isolate: false`): every file builds its own app over
 * its own database, and nothing of ours keeps state in a module, so importing the app once per worker instead of
 * once per file changes no result and saves most of the run's time. `CADUCEUS_TEST_STORES=sqlite` leaves out what
 * needs PostgreSQL, for a machine without it.
 */
const withPostgres = (process.env.CADUCEUS_TEST_STORES ?? "sqlite,postgres").includes("postgres");

/**
 * The browser and security tests that the `e2e:process` project runs again with `browser.isolation: process`: URL
 * rules, the raw-CDP allowlist, downloads, dialogs, the frame tree and OOPIFs, the live view and take-over, the
 * lifecycle. The `e2e` project runs them (with everything else) on contexts of the shared Chromium.
 */
const BROWSER_GUARD_TESTS = [
  "tests/e2e/browser.security.test.ts",
  "tests/e2e/cdp.error.test.ts",
  "tests/e2e/dialogs.happy.test.ts",
  "tests/e2e/frames.happy.test.ts",
  "tests/e2e/browser-live.happy.test.ts",
  "tests/e2e/lifecycle.happy.test.ts",
];

const layer = (
  name: string,
  include: string[],
  extra: Partial<TestProjectInlineConfiguration["test"]> = {},
): TestProjectInlineConfiguration => ({ extends: true, test: { name, include, ...extra } });

export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
    globalSetup: ["tests/fixtures/postgres-global-setup.ts", "tests/fixtures/compile-fixtures.ts"],
    setupFiles: ["tests/fixtures/track-open-handles.ts"],
    projects: [
      layer("unit", ["tests/unit/**/*.test.ts"], { isolate: false }),
      layer("integration", ["tests/integration/**/*.test.ts"], { isolate: false }),
      layer("api:sqlite", ["tests/api/**/*.test.ts"], { isolate: false }),
      ...(withPostgres
        ? [
            layer("api:postgres", ["tests/api/**/*.test.ts"], {
              isolate: false,
              env: { CADUCEUS_TEST_STORE: "postgres" },
            }),
          ]
        : []),
      layer("e2e", ["tests/e2e/**/*.test.ts"], {
        isolate: false,
        exclude: withPostgres ? [] : ["tests/e2e/replicas*.test.ts"],
      }),
      // The browser's guards, run again with a Chromium per session (the default is a context in a shared one).
      layer("e2e:process", BROWSER_GUARD_TESTS, {
        isolate: false,
        env: { CADUCEUS_TEST_BROWSER_ISOLATION: "process" },
      }),
    ],
  },
});
