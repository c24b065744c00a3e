/**
 * @module schemas
 * The health answers: liveness (always ok while the process answers) and readiness (each dependency's state),
 * and the success body of each.
 */
import { z } from "@hono/zod-openapi";
import { PLATFORM_NAMES } from "../shared/identity.js";

export const HealthSchema = z
  .object({
    status: z.literal("ok").openapi({ description: "Always ok when the process answers", example: "ok" }),
    version: z.string().openapi({ description: "Server version", example: "0.1.0" }),
    platform: z.enum(PLATFORM_NAMES).openapi({
      description: "caduceus (hermes-agent with hermes.identity: hermes-agent)",
      example: "caduceus",
    }),
  })
  .openapi("Health");

const CheckState = z.enum(["ok", "degraded", "unavailable"]);
const checkSchema = (description: string) =>
  z
    .object({
      status: CheckState.openapi({ description: "ok, degraded (works with limits) or unavailable", example: "ok" }),
      detail: z
        .string()
        .optional()
        .openapi({ description: "What was found, or what to do about it", example: "/usr/bin/chromium" }),
    })
    .openapi({ description });
export const ReadySchema = z
  .object({
    status: CheckState.openapi({
      description: "unavailable when the database or the model is; otherwise the worst of the checks, at most degraded",
      example: "ok",
    }),
    checks: z
      .object({
        database: checkSchema("The database (SQLite file or PostgreSQL) answers a ping"),
        model: checkSchema("Model endpoint answers GET /models with the configured key").extend({
          chain: z
            .array(
              z.object({
                model: z.string().openapi({ description: "The model", example: "gpt-4o-mini" }),
                role: z
                  .enum(["primary", "fallback"])
                  .openapi({ description: "model.name, or one of model.fallbacks", example: "fallback" }),
                status: CheckState.openapi({ description: "What its probe found", example: "ok" }),
                detail: z.string().optional().openapi({
                  description: "What was found, or what to do about it",
                  example: "gpt-4o-mini at https://api.openai.com/v1",
                }),
                breaker: z.enum(["closed", "open", "half_open"]).openapi({
                  description:
                    "Its circuit breaker: open keeps it out of runs until a probe after model.breaker.cooldown_s",
                  example: "closed",
                }),
              }),
            )
            .optional()
            .openapi({ description: "With model.fallbacks: each model of the chain, the primary first" }),
        }),
        browser: checkSchema("Chromium executable found, or the CDP endpoint answers /json/version"),
        leases: checkSchema(
          "The lease table: this replica's heartbeat is recorded and within server.lease_ttl_ms (else the other replicas take its runs and browsers over)",
        ),
      })
      .openapi({ description: "Each dependency's state" }),
    replica: z
      .object({
        id: z.string().openapi({ description: "This replica's id (server.replica_id)", example: "caduceus-a" }),
        store: z.enum(["sqlite", "postgres"]).openapi({
          description: "The store: the embedded SQLite file, or the shared PostgreSQL",
          example: "postgres",
        }),
        role: z.enum(["sole", "shared"]).openapi({
          description: "sole: the only process on its SQLite file; shared: one of the replicas on one PostgreSQL",
          example: "shared",
        }),
        replicas_alive: z
          .number()
          .int()
          .openapi({ description: "Replicas whose heartbeat is within the lease, this one included", example: 2 }),
        lease_ttl_ms: z.number().int().openapi({
          description: "How long a replica stays alive without a heartbeat (server.lease_ttl_ms)",
          example: 15000,
        }),
        replicas: z
          .array(
            z.object({
              id: z.string().openapi({ description: "The replica's id", example: "caduceus-b" }),
              heartbeat_at: z
                .string()
                .openapi({ description: "Its last heartbeat (ISO 8601)", example: "2026-12-01T10:00:00.000Z" }),
              alive: z.boolean().openapi({ description: "Whether the heartbeat is within the lease", example: true }),
              self: z.boolean().openapi({ description: "Whether it is this replica", example: false }),
            }),
          )
          .openapi({ description: "Every replica of the lease table" }),
      })
      .openapi({ description: "This replica among those sharing the database" }),
  })
  .openapi("Readiness");

export const DetailedHealthSchema = z
  .object({
    status: CheckState.openapi({ description: "The readiness status (see /health/ready)", example: "ok" }),
    platform: z.enum(PLATFORM_NAMES).openapi({
      description: "caduceus (hermes-agent with hermes.identity: hermes-agent)",
      example: "caduceus",
    }),
    version: z.string().openapi({ description: "Server version", example: "0.1.0" }),
    uptime_s: z.number().int().openapi({ description: "Seconds since the process started", example: 3600 }),
    model: z
      .string()
      .nullable()
      .openapi({ description: "The model clients see (server.model_name or model.name)", example: "gpt-4o" }),
    runs: z
      .object({
        active: z.number().int().openapi({ description: "Runs executing now", example: 1 }),
        waiting: z.number().int().openapi({ description: "Runs paused on interrupts", example: 0 }),
        max_concurrent: z.number().int().openapi({ description: "server.max_concurrent_runs", example: 10 }),
      })
      .openapi({ description: "The agent's load" }),
    browsers: z
      .object({
        active: z.number().int().openapi({ description: "Sessions with a running browser", example: 2 }),
        isolation: z.enum(["context", "process"]).openapi({
          description:
            "context: sessions without a profile or cdp_url of their own share one Chromium, a context each; " +
            "process: each session runs a Chromium of its own (browser.isolation)",
          example: "context",
        }),
        pool: z
          .object({
            size: z
              .number()
              .int()
              .openapi({ description: "browser.pool.size (0 when no Chromium is shared)", example: 2 }),
            warm: z.number().int().openapi({ description: "Warm contexts waiting for a session now", example: 2 }),
          })
          .openapi({ description: "The warm contexts of the shared Chromium" }),
        processes: z
          .array(
            z.object({
              kind: z.enum(["shared", "launched", "profile"]).openapi({
                description: "The shared Chromium, or a session's own (launched, or on a named profile)",
                example: "shared",
              }),
              session_id: z.string().nullable().openapi({
                description: "The session whose own browser it is; null for the shared one",
                example: null,
              }),
              contexts: z.number().int().openapi({ description: "Contexts sessions hold in it", example: 2 }),
              pid: z
                .number()
                .int()
                .nullable()
                .openapi({ description: "The browser process's id; null when unknown", example: 5120 }),
              processes: z
                .number()
                .int()
                .openapi({ description: "Its processes (browser, renderers, GPU, services)", example: 7 }),
              rss_bytes: z.number().int().nullable().openapi({
                description: "Resident memory of all its processes summed, in bytes; null when it cannot be read",
                example: 412_000_000,
              }),
            }),
          )
          .openapi({ description: "The Chromium processes the server runs (a browser at a cdp_url is not one)" }),
        contexts: z
          .array(
            z.object({
              session_id: z.string().openapi({ description: "The session", example: "sess_01J9Z8" }),
              kind: z.enum(["shared", "launched", "profile", "connected"]).openapi({
                description: "Where the context lives: the shared Chromium, its own, a profile's, or one at a cdp_url",
                example: "shared",
              }),
              tabs: z.number().int().openapi({ description: "Its open tabs", example: 1 }),
              js_heap_bytes: z.number().int().nullable().openapi({
                description: "JavaScript heap its pages use, in bytes; null when no page answered in time",
                example: 2_400_000,
              }),
            }),
          )
          .openapi({ description: "Each session's running browser context" }),
      })
      .openapi({ description: "Supervised browsers, their contexts and their memory" }),
    checks: ReadySchema.shape.checks,
    replica: ReadySchema.shape.replica,
    gateway_state: z.enum(["running", "draining"]).openapi({
      description: "Hermes's word for the server's state: running, or draining while it stops",
      example: "running",
    }),
    platforms: z
      .object({
        api_server: z
          .object({
            state: z
              .enum(["connected", "disconnected"])
              .openapi({ description: "connected while it serves requests", example: "connected" }),
          })
          .openapi({ description: "This API server, as Hermes lists its platforms" }),
      })
      .openapi({ description: "The platforms the server serves (Hermes's shape): this API server" }),
    pid: z.number().int().openapi({ description: "The server's process id", example: 4242 }),
  })
  .openapi("DetailedHealth", {
    description: "Readiness with the server's load, as Hermes clients read /health/detailed",
  });

/** GET /health and GET /v1/health. */
export type HealthResponse = z.infer<typeof HealthSchema>;
/** GET /health/detailed. */
export type DetailedHealthResponse = z.infer<typeof DetailedHealthSchema>;
/** GET /health/ready, with 200 or 503 alike. */
export type ReadinessResponse = z.infer<typeof ReadySchema>;
