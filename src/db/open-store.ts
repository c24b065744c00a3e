/**
 * @module open-store
 * Opens the store the configuration names: PostgreSQL when `database.url` is set (migrated under an advisory lock,
 * with a listening connection for the event announcements), else the SQLite file at `database.path`.
 */
import type { Store } from "./store.js";

export async function openStore(database: { path: string; url: string | null }): Promise<Store> {
  if (database.url) {
    const [{ openPostgres }, { createPostgresStore }, { PgEventAnnouncements }] = await Promise.all([
      import("./postgres/database.js"),
      import("./postgres/store.js"),
      import("./postgres/event-announcements.js"),
    ]);
    const handle = await openPostgres(database.url);
    const announcements = new PgEventAnnouncements(database.url);
    try {
      await announcements.start();
    } catch (err) {
      await handle.close();
      throw err;
    }
    const store = createPostgresStore(handle);
    return {
      ...store,
      announcements,
      close: async () => {
        await announcements.close();
        await store.close();
      },
    };
  }
  const [{ openDatabase }, { createSqliteStore }] = await Promise.all([
    import("./database.js"),
    import("./sqlite-store.js"),
  ]);
  return createSqliteStore(openDatabase(database.path));
}
