/**
 * @module loopback-host
 * Without an API key, only requests addressed to a loopback name are served (DNS rebinding guard).
 */
import type { MiddlewareHandler } from "hono";
import { isLoopbackHost } from "../../kernel/loopback.js";
import { HttpError } from "../errors.js";
import type { AppEnv } from "../env.js";

/** The host name of a Host header value: `[::1]:8642` → `[::1]`, `localhost:8642` → `localhost`. */
function hostName(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  return host.split(":")[0];
}

/**
 * Without an API key the server trusts whoever can reach it on loopback; a web page could still
 * reach it by pointing its own name at 127.0.0.1 (DNS rebinding). Such requests carry that name in
 * `Host`, so without a key only loopback names are served.
 */
export function loopbackHostGuard(apiKey: string | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (apiKey) return next();
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    const name = hostName(host).toLowerCase();
    if (!isLoopbackHost(name)) {
      throw new HttpError(
        "forbidden_origin",
        `host ${name} is not a loopback name; without server.api_key only localhost, 127.0.0.1 and [::1] are served — set server.api_key to serve other names`,
      );
    }
    return next();
  };
}
