/**
 * @module json-body
 * A body must be declared JSON, and is refused before any parser walks it when it nests too deep or
 * names a `__proto__` key.
 */
import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.js";
import type { AppEnv } from "../env.js";
import { findExcessiveNesting } from "../json-depth.js";

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;
/**
 * Deepest nesting of arrays and objects a JSON body may have. Parsing deeper text is fine, but the
 * walks that follow (validation, storing a content part with `JSON.stringify`) recurse and overflow
 * the stack around a few thousand levels. The deepest legitimate bodies are tool JSON schemas in
 * /v1/chat/completions, which spend two levels per nested object schema under five of framing
 * (`tools[i].function.parameters`), so 64 still allows about 29 nested object schemas.
 */
export const JSON_MAX_DEPTH = 64;

/**
 * Requests that carry a body must say it is JSON; otherwise a form-encoded body (curl -d) would be
 * read as an empty object. A JSON body nested deeper than {@link JSON_MAX_DEPTH} is refused here,
 * before the route's validator parses it.
 */
export function requireJsonBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== "POST" && method !== "PATCH" && method !== "PUT") return next();
    const type = c.req.header("content-type");
    const length = c.req.header("content-length");
    const hasBody = (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
    // A declared non-JSON type is refused even when the length is unknown, so a form body never
    // slips through as an empty object; a bodiless POST without a type stays allowed.
    const declaredOther = type !== undefined && !JSON_TYPE.test(type);
    if (declaredOther || (hasBody && type === undefined)) {
      throw new HttpError(
        "unsupported_media_type",
        `send the body as JSON with \`Content-Type: application/json\` (got ${type ?? "no Content-Type"})`,
        { errors: [{ location: "header.content-type", message: "must be application/json" }] },
      );
    }
    // `curl -X POST -H 'Content-Type: application/json' …` with no -d: an empty JSON body means {},
    // so optional bodies work and required fields are reported by name, not as malformed JSON.
    if (type === undefined) return next();
    const text = await c.req.text();
    if (text.trim() === "") (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve("{}");
    const tooDeep = findExcessiveNesting(text, JSON_MAX_DEPTH);
    if (tooDeep?.kind === "proto_key") {
      const location = ["body", ...tooDeep.path].join(".");
      throw new HttpError(
        "validation_failed",
        `the body names the key __proto__ (at ${location}), which no field has`,
        {
          errors: [{ location, message: "__proto__ is not an accepted key" }],
        },
      );
    }
    if (tooDeep) {
      const location = ["body", ...tooDeep.path].join(".") + (tooDeep.elided ? "…" : "");
      throw new HttpError(
        "validation_failed",
        `the body nests arrays and objects more than ${JSON_MAX_DEPTH} levels deep (at ${location})`,
        { errors: [{ location, message: `nested more than ${JSON_MAX_DEPTH} levels deep` }] },
      );
    }
    return next();
  };
}
