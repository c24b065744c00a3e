/**
 * @module routes
 * What replicas ask of each other, outside the public API (and its OpenAPI document): a browser tool call a run on
 * another replica makes in the browser this replica holds, and the news that a session's browser settings changed
 * there. Only a request carrying the internal key is served.
 */
import { Hono } from "hono";
import { sameSecret } from "../../domain/inspector/sign-in.js";
import {
  encodeToolOutput,
  INTERNAL_KEY_HEADER,
  type ForwardedToolCall,
} from "../../domain/replicas/owned-browser-tools.js";
import type { AppEnv } from "../../http/env.js";
import { DomainError, notFound } from "../../kernel/errors.js";

export function internalRoutes(internalKey: string | null) {
  const router = new Hono<AppEnv>();
  // Without the key the routes do not exist.
  router.use("/internal/*", async (c, next) => {
    const given = c.req.header(INTERNAL_KEY_HEADER);
    if (internalKey === null || given === undefined || !sameSecret(given, internalKey))
      throw new DomainError("not_found", `no route ${c.req.method} ${c.req.path}`);
    await next();
  });
  router.post("/internal/v1/sessions/:id/browser-tools/:tool", async (c) => {
    const services = c.get("services");
    const session = await services.sessions.require(c.req.param("id"));
    const call = await c.req.json<ForwardedToolCall>();
    const tool = services.browsers.toolsFor(session).find((t) => t.name === c.req.param("tool"));
    if (!tool) throw notFound("browser tool", c.req.param("tool"));
    await services.browserOwnership.claim(session.id);
    const output = await tool.execute(call.arguments ?? {}, {
      session,
      runId: call.run_id ?? null,
      signal: c.req.raw.signal,
    });
    return c.json(encodeToolOutput(output));
  });
  router.post("/internal/v1/sessions/:id/browser-settings", async (c) => {
    const services = c.get("services");
    const session = await services.sessions.require(c.req.param("id"));
    // Reads the row: a browser bound to another endpoint stops, one that stays takes the new settings.
    await services.supervisors.rebindIfChanged(session.id);
    return c.body(null, 204);
  });
  return router;
}
