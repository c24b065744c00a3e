/**
 * @module present
 * The health answers. Liveness is a constant of the build; the readiness report comes from the domain in its wire
 * shape and passes through typed.
 */
import type { Readiness } from "../../domain/readiness.js";
import { VERSION } from "../../version.js";
import type { HealthResponse, ReadinessResponse } from "./schemas.js";

export function presentHealth(): HealthResponse {
  return { status: "ok", version: VERSION, platform: "caduceus" };
}

export function presentReadiness(report: Awaited<ReturnType<Readiness["check"]>>): ReadinessResponse {
  return report;
}
