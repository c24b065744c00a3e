/**
 * @module drizzle.pg.config
 * drizzle-kit's settings for the PostgreSQL schema and its migrations (drizzle-pg/); drizzle.config.ts holds
 * SQLite's.
 */
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/postgres/schema.ts",
  out: "./drizzle-pg",
});
