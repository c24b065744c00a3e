/**
 * @module routes
 * The API reference UI at /docs: a page that loads Swagger UI from the installed swagger-ui-dist package and
 * points it at /openapi.json. Plain routes, not part of the OpenAPI document.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "../../http/env.js";

/** The API reference UI is served from the installed swagger-ui-dist package; no CDN is involved. */
const SWAGGER_DIR = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Caduceus API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" href="/docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/init.js"></script>
</body>
</html>`;

// Kept out of the page so the CSP can forbid inline scripts.
const INIT = `window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#reference", deepLinking: true, persistAuthorization: true });`;

export function docsRoutes() {
  const router = new Hono<AppEnv>();
  router.get("/docs", (c) => c.html(PAGE));
  router.get("/docs/assets/init.js", (c) => c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  router.get("/docs/assets/:file", async (c) => {
    const file = c.req.param("file");
    const type = ASSETS[file];
    if (!type) return c.notFound();
    const data = await readFile(join(SWAGGER_DIR, file));
    return c.body(data, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
  });
  return router;
}
