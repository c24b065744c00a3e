import { describe, expect, it } from "vitest";
import { ERROR_CODES, TRANSPORT_ERROR_CODES, fromDomainError } from "../../src/http/errors.js";
import { statusOf } from "../../src/http/problem.js";
import { DOMAIN_ERROR_CODES, DomainError } from "../../src/kernel/errors.js";

describe("error codes", () => {
  it("names every code once, none both a domain and a transport code, each with a status", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(DOMAIN_ERROR_CODES.filter((code) => (TRANSPORT_ERROR_CODES as readonly string[]).includes(code))).toEqual(
      [],
    );
    for (const code of ERROR_CODES) expect(statusOf(code)).toBeGreaterThanOrEqual(400);
  });

  it("locates a domain error's fields in the body and turns its retry hint into Retry-After", () => {
    const error = new DomainError("too_many_runs", "busy", {
      fields: [{ path: ["messages", 2, "role"], message: "must be user" }],
      retryAfterS: 3,
      details: { pending: 1 },
    });
    const http = fromDomainError(error);
    expect(http.code).toBe("too_many_runs");
    expect(http.errors).toEqual([{ location: "body.messages.2.role", message: "must be user" }]);
    expect(http.headers).toEqual({ "Retry-After": "3" });
    expect(http.details).toEqual({ pending: 1 });
  });
});
