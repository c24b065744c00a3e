/**
 * @module page
 * The inspector's files, as `npm run build` leaves them in `dist/ui/`: `GET /` sends people to `/ui/`; the page's
 * hashed assets are cached for a year (a new build has new names), every other `/ui/…` path is the page itself
 * (its own router reads the path), never cached. Plain routes, not part of the OpenAPI document.
 */
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../http/env.js";

/** `dist/ui/` of the package: three levels above this module both in `src/` and in `dist/`. */
export const INSPECTOR_DIR = fileURLToPath(new URL("../../../dist/ui/", import.meta.url));

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".map": "application/json",
};

async function fileIn(dir: string, relative: string): Promise<Buffer | null> {
  const path = normalize(join(dir, relative));
  if (!path.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return null;
  try {
    if (!(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

export function inspectorPage(dir = INSPECTOR_DIR) {
  const router = new Hono<AppEnv>();
  const page = async () => fileIn(dir, "index.html");
  const answerPage = async (c: Context<AppEnv>) => {
    const html = await page();
    if (!html) return c.text("The inspector is not built: run `npm run build`.", 503, { "Cache-Control": "no-store" });
    return c.body(new Uint8Array(html), 200, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
    });
  };
  router.get("/", (c) => c.redirect("/ui/", 302));
  router.get("/ui", (c) => c.redirect("/ui/", 301));
  router.get("/ui/assets/*", async (c) => {
    const relative = decodeURIComponent(c.req.path.slice("/ui/".length));
    const data = await fileIn(dir, relative);
    if (!data) return c.notFound();
    return c.body(new Uint8Array(data), 200, {
      "Content-Type": TYPES[extname(relative)] ?? "application/octet-stream",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
  router.get("/ui/*", answerPage);
  return router;
}
