/**
 * @module present
 * The browser's answers as the API gives them. The supervisor already keeps its state in the wire shape (masked
 * dialog text, ISO times, the capped frame tree), so each answer passes through typed: a change on either side
 * shows up here as a type error rather than as an undocumented field.
 */
import type { BrowserService } from "../../domain/browser/browser-service.js";
import type {
  CdpResponse,
  EvaluateResponse,
  GetSnapshotResponse,
  NavigateResponse,
  RespondDialogResponse,
} from "./schemas.js";

type Answer<K extends "snapshot" | "navigate" | "evaluate" | "cdp" | "respond"> = Awaited<
  ReturnType<BrowserService[K]>
>;

export function presentSnapshot(snapshot: Answer<"snapshot">): GetSnapshotResponse {
  return snapshot;
}

export function presentNavigation(result: Answer<"navigate">): NavigateResponse {
  return result;
}

export function presentEvaluation(result: Answer<"evaluate">): EvaluateResponse {
  return result;
}

export function presentCdpResult(result: Answer<"cdp">): CdpResponse {
  return result;
}

export function presentDialogAnswer(result: Answer<"respond">): RespondDialogResponse {
  return result;
}
