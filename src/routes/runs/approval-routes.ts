/**
 * @module approval-routes
 * The allowlist of standing approvals over the native API: what `always` (Hermes's choice, or `scope: always` on an
 * interrupt) added, listed with who added it and when, and removed so the tool asks again.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { RESPONSE_HEADERS } from "../shared/problem-responses.js";
import type { Services } from "../../services.js";
import { requires } from "../../http/route-access.js";
import { ownerFilter } from "../../domain/shared/owner-scope.js";

const GrantSchema = z
  .object({
    id: z.string().openapi({ description: "Entry id", example: "apg_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    tool: z.string().openapi({ description: "The tool it approves", example: "browser_navigate" }),
    match_key: z.string().openapi({
      description: "What a call must match: the tool's name, or a shell-like tool's command pattern",
      example: "browser_navigate",
    }),
    session_id: z
      .string()
      .nullable()
      .openapi({ description: "The session it was given in", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    added_by: z.string().openapi({ description: "Who added it: user (a person) or client", example: "user" }),
    interrupt_id: z
      .string()
      .nullable()
      .openapi({ description: "The approval whose answer added it", example: "int_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    created_at: z.string().openapi({ description: "When (ISO 8601)", example: "2026-12-01T10:00:00.000Z" }),
  })
  .openapi("AllowlistEntry", { description: "A tool approved for every session" });

const EntryParam = z.object({
  entry_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "entry_id", in: "path" },
      description: "Entry id",
      example: "apg_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
});

const listRoute = createRoute({
  method: "get",
  path: "/v1/approvals/allowlist",
  operationId: "listAllowlist",
  security: requires("sessions:read"),
  tags: ["runs"],
  summary: "Tools approved for every session (the `always` approvals), newest first",
  description:
    "An entry is added when an approval is answered `always`; no later call of that tool (or command pattern) asks, " +
    "in any session. Never one the operator's policy denies: those stay refused.",
  responses: {
    200: jsonAnswer(
      "The allowlist",
      z
        .object({ data: z.array(GrantSchema).openapi({ description: "The entries, newest first" }) })
        .openapi("Allowlist"),
    ),
    ...problemResponses({}),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/v1/approvals/allowlist/{entry_id}",
  operationId: "getAllowlistEntry",
  security: requires("sessions:read"),
  tags: ["runs"],
  summary: "One entry of the allowlist",
  description: "What it approves, who added it and when.",
  request: { params: EntryParam },
  responses: { 200: jsonAnswer("The entry", GrantSchema), ...problemResponses({ codes: ["not_found"] }) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/v1/approvals/allowlist/{entry_id}",
  operationId: "deleteAllowlistEntry",
  security: requires("sessions:write"),
  tags: ["runs"],
  summary: "Remove an entry of the allowlist: its tool asks again",
  description: "The next call of its tool (or command pattern) waits for a person again, in every session.",
  request: { params: EntryParam },
  responses: {
    204: { description: "Removed", headers: { "X-Request-Id": RESPONSE_HEADERS.requestId } },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

type Grant = Awaited<ReturnType<Services["agent"]["standing"]["entry"]>>;

const present = (grant: Grant): z.infer<typeof GrantSchema> => ({
  id: grant.id,
  tool: grant.tool,
  match_key: grant.match_key,
  session_id: grant.session_id,
  added_by: grant.added_by,
  interrupt_id: grant.interrupt_id,
  created_at: new Date(grant.created_at).toISOString(),
});

export function approvalRoutes() {
  const router = createRouter();
  router.openapi(listRoute, async (c) => {
    const entries = await c.get("services").agent.standing.allowlist(ownerFilter(c.get("caller")));
    return c.json({ data: entries.map(present) }, 200);
  });
  router.openapi(getRoute, async (c) => {
    return c.json(present(await c.get("services").agent.standing.entry(c.req.valid("param").entry_id)), 200);
  });
  router.openapi(deleteRoute, async (c) => {
    await c.get("services").agent.standing.remove(c.req.valid("param").entry_id);
    return c.body(null, 204);
  });
  return router;
}
