/**
 * @module present
 * The health answers. Liveness is a constant of the build; the readiness report comes from the domain in its wire
 * shape and passes through typed.
 */
import type { BrowserCensus } from "../../domain/browser/browser-census.js";
import type { Readiness } from "../../domain/readiness.js";
import { VERSION } from "../../version.js";
import type { Identity } from "../shared/identity.js";
import type { DetailedHealthResponse, HealthResponse, ReadinessResponse } from "./schemas.js";

export function presentHealth(identity: Identity): HealthResponse {
  return { status: "ok", version: VERSION, platform: identity.platform };
}

export function presentReadiness(report: Awaited<ReturnType<Readiness["check"]>>): ReadinessResponse {
  return report;
}

export function presentDetailedHealth(
  report: Awaited<ReturnType<Readiness["check"]>>,
  identity: Identity,
  load: {
    uptimeS: number;
    model: string | null;
    activeRuns: number;
    waitingRuns: number;
    maxConcurrentRuns: number;
    activeBrowsers: number;
    browsers: BrowserCensus;
    draining: boolean;
  },
): DetailedHealthResponse {
  return {
    status: report.status,
    platform: identity.platform,
    version: VERSION,
    uptime_s: load.uptimeS,
    model: load.model,
    runs: { active: load.activeRuns, waiting: load.waitingRuns, max_concurrent: load.maxConcurrentRuns },
    browsers: { active: load.activeBrowsers, ...load.browsers },
    checks: report.checks,
    replica: report.replica,
    gateway_state: load.draining ? "draining" : "running",
    platforms: { api_server: { state: load.draining ? "disconnected" : "connected" } },
    pid: process.pid,
  };
}
