/**
 * @module cdp-params
 *
 * Checks that raw CDP parameters can be sent at all, before anything tries to. A parameter tree
 * nested thousands of levels deep overflows the stack of whatever serializes it next (our side,
 * not the browser's), and one a few hundred levels deep makes Chromium drop the command without an
 * answer. Either way the fault is the request's, so it is reported as a validation error on the
 * params — never as CDP refusing the command. The walk keeps its own stack, so it cannot overflow.
 */
import { DomainError, type FieldPath } from "../../kernel/errors.js";

/**
 * Deepest nesting accepted inside `params`. Real CDP parameters nest a few levels (a JSON value
 * passed to `Runtime.callFunctionOn` a few more); Chromium stops answering near 300.
 */
export const CDP_PARAMS_MAX_DEPTH = 32;
/** Most values (objects, arrays and leaves together) one command may carry. */
export const CDP_PARAMS_MAX_VALUES = 100_000;
/** The reported path stops after this many segments. */
const SHOWN_PATH_SEGMENTS = 8;

type Pending = { value: unknown; depth: number; path: string[] };

function invalid(message: string, path: string[], field: FieldPath): DomainError {
  const shown = path.length > SHOWN_PATH_SEGMENTS ? [...path.slice(0, SHOWN_PATH_SEGMENTS), "…"] : path;
  const where = shown.length > 0 ? ` (at params.${shown.join(".")})` : "";
  return new DomainError("validation_failed", `the CDP params cannot be sent: ${message}${where}`, {
    fields: [{ path: field, message }],
  });
}

/** Throws `validation_failed` at `field` when `params` is too deep, too big, cyclic or not JSON. */
export function assertCdpParamsSendable(params: Record<string, unknown>, field: FieldPath = ["params"]): void {
  const stack: Pending[] = [{ value: params, depth: 0, path: [] }];
  let values = 0;
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (++values > CDP_PARAMS_MAX_VALUES) throw invalid(`more than ${CDP_PARAMS_MAX_VALUES} values`, [], field);
    if (value === null || typeof value === "string" || typeof value === "boolean" || value === undefined) continue;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw invalid(`${value} is not a JSON number`, path, field);
      continue;
    }
    if (typeof value !== "object") throw invalid(`a ${typeof value} is not a JSON value`, path, field);
    // A cycle never ends, so it is caught here too, as nesting past the limit.
    if (depth >= CDP_PARAMS_MAX_DEPTH)
      throw invalid(`nested more than ${CDP_PARAMS_MAX_DEPTH} levels deep (or cyclic)`, path, field);
    const entries: Array<[string, unknown]> = Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value as Record<string, unknown>);
    for (const [key, item] of entries)
      stack.push({ value: item, depth: depth + 1, path: path.length <= SHOWN_PATH_SEGMENTS ? [...path, key] : path });
  }
  try {
    JSON.stringify(params);
  } catch (error) {
    // Whatever else cannot be serialized (a throwing toJSON): still the request's fault.
    throw invalid((error as Error).message, [], field);
  }
}
