/**
 * @module run-stop
 * How a run is stopped from outside and what that leaves behind: the stop's status and reason, the error an
 * execution throws to unwind once its signal fires, and the results its open tool calls get.
 */

/** Why a run was stopped from outside, and the status that gives it. */
export class RunStop {
  constructor(
    readonly status: "cancelled" | "interrupted",
    readonly reason: string,
  ) {}
}

export const INTERRUPTED_TOOL_RESULT =
  "Error: the run was interrupted before this tool call finished; its outcome is unknown.";
export const CANCELLED_TOOL_RESULT =
  "Error: the run was cancelled before this tool call finished (or while it waited for an answer); its outcome is unknown.";

/** Thrown inside an execution once its signal fired: the stretch unwinds to where it records its end. */
export class RunAborted extends Error {}

/** The words a stopped run's error gives: the stop's reason, or what aborted the signal. */
export function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof RunStop) return reason.reason;
  if (typeof reason === "string") return reason;
  if (reason instanceof Error && reason.name !== "AbortError") return reason.message;
  return "the run was cancelled";
}

/** Resolves with the promise, or rejects with RunAborted as soon as the signal fires. */
export function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new RunAborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RunAborted());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
