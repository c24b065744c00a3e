/**
 * @module node-adapter
 *
 * The Node HTTP server around the app. @hono/node-server builds each request's URL from the Host
 * header and, when that fails or the URL standard rewrites the name (`LOCALHOST`, `0x7f000001`,
 * `127.1`), answers an empty 400 before the app sees the request; Node's own parser does the same
 * for malformed request lines and for HTTP/1.1 without Host. Here every such request is still
 * answered with problem+json: what the URL can be built from is normalised or replaced before
 * node-server reads it, the reason is recorded against the request (adapter-refusals.ts), and the
 * app refuses it in its first checks (request id, security headers and the log line included). What Node's parser
 * rejects never reaches JavaScript as a request, so `clientError` writes the problem itself.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { newId } from "../kernel/ids.js";
import type { Logger } from "../logger.js";
import { buildProblem } from "./problem.js";
import { recordAdapterRefusal, type AdapterRefusal } from "./adapter-refusals.js";
import { JSON_SECURITY_HEADERS } from "./middleware/security-headers.js";

/**
 * Stands in for a Host that cannot be part of a URL, so node-server can build the request the app
 * refuses. `.invalid` is reserved (RFC 6761): the name never resolves and never names a server.
 */
const PLACEHOLDER_HOST = "host.invalid";

/**
 * Host names are case-insensitive, and the URL standard writes them in lower case, so `LOCALHOST`
 * is `localhost`. Any other spelling the standard would rewrite (`0x7f000001`, `127.1` for
 * 127.0.0.1) is refused rather than served under a second name: the loopback and CORS checks
 * compare the name as sent.
 */
function screenHost(incoming: IncomingMessage): AdapterRefusal | null {
  const host = incoming.headers.host;
  if (host === undefined || host === "") {
    // HTTP/1.0 may omit Host (the bound address is used); HTTP/1.1 must send it (RFC 9112 §3.2).
    if (incoming.httpVersionMajor === 1 && incoming.httpVersionMinor === 0) return null;
    return { detail: "HTTP/1.1 requests must send a Host header", location: "header.host", message: "required" };
  }
  const lower = host.toLowerCase();
  let hostname: string | null = null;
  try {
    hostname = new URL(`http://${lower}/`).hostname;
  } catch {
    // Not a host at all; refused below.
  }
  if (hostname !== null && hostname === lower.replace(/:\d{1,5}$/, "")) {
    incoming.headers.host = lower;
    return null;
  }
  const canonical = hostname === null ? "" : ` (URLs write it as ${hostname})`;
  return {
    detail: `the Host header ${JSON.stringify(host)} is not a host name and port as URLs write them${canonical}; send e.g. Host: 127.0.0.1:<port>`,
    location: "header.host",
    message: "must be a host name or IP address as URLs write it, with an optional port",
  };
}

/**
 * A `.` or `..` segment (or its percent-encoded spelling, which the URL standard resolves the same way) would be
 * resolved away when the URL is built, so `/v1/sessions/../runs` would be served as `/v1/runs`: a path that names
 * one route must never reach another. It is refused instead.
 */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/** node-server refuses a backslash in the path (before any query): some clients read it as `/`. */
function screenPath(incoming: IncomingMessage): AdapterRefusal | null {
  const target = incoming.url ?? "";
  const query = target.indexOf("?");
  if (DOT_SEGMENT.test(query >= 0 ? target.slice(0, query) : target)) {
    return {
      detail: "the request path has a `.` or `..` segment; send the path it stands for, without dot segments",
      location: "path",
      message: "contains a dot segment",
    };
  }
  const backslash = target.indexOf("\\");
  if (backslash < 0) return null;
  if (query >= 0 && query < backslash) return null;
  incoming.url = target.replaceAll("\\", "%5C");
  return {
    detail: "the request path contains a backslash; write it as %5C",
    location: "path",
    message: "contains a backslash",
  };
}

/** Absolute-form targets (`GET http://host/path`) carry their own URL; node-server ignores Host for them. */
const isAbsoluteForm = (target: string) => /^https?:\/\//i.test(target);

/**
 * An absolute-form target is served as its origin-form path when it names the same authority as
 * `Host`; one naming another authority is refused. Otherwise the URL's host, not the screened Host,
 * would decide which origin the request counts as (the loopback guard, CORS' own origin).
 */
function screenAbsoluteForm(incoming: IncomingMessage): AdapterRefusal | null {
  const target = incoming.url ?? "";
  if (!isAbsoluteForm(target)) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { detail: "the request target is not a valid URL", location: "request", message: "unreadable target" };
  }
  const host = (incoming.headers.host ?? "").toLowerCase();
  // Written as URLs write it (`localhost:80` is `localhost` for http), so only a real difference counts.
  const sameAuthority =
    URL.canParse(`${url.protocol}//${host}`) && new URL(`${url.protocol}//${host}`).host === url.host;
  if (!sameAuthority) {
    return {
      detail: `the request target names ${url.host} but the Host header says ${host || "nothing"}; send the path alone`,
      location: "header.host",
      message: "must name the same host as an absolute-form request target",
    };
  }
  incoming.url = `${url.pathname}${url.search}`;
  return null;
}

function problemText(detail: string, requestId: string, location: string, message: string): string {
  return JSON.stringify(buildProblem("validation_failed", detail, requestId, { errors: [{ location, message }] }));
}

/**
 * Answers a request line or header Node's parser rejected. Nothing of ours has written to the
 * socket unless a response of the same connection is under way; writing then would corrupt it, so
 * such a connection (like one the client reset) is only closed, as Node itself does.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, logger: Logger): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (err.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  // A client that sent nothing in time gets no answer: it is not reading, and no code fits a 408.
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    socket.destroy();
    return;
  }
  const requestId = newId("req");
  const detail =
    err.code === "HPE_HEADER_OVERFLOW"
      ? "the request headers are larger than the server accepts"
      : `the request is not valid HTTP/1.1 (${err.code ?? "parse error"})`;
  const body = problemText(
    detail,
    requestId,
    "request",
    err.code === "HPE_HEADER_OVERFLOW" ? "headers too large" : "malformed",
  );
  const headers: Record<string, string> = {
    "Content-Type": "application/problem+json",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
    "X-Request-Id": requestId,
    ...JSON_SECURITY_HEADERS,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 400 Bad Request\r\n${head}\r\n${body}`);
  logger.info({ status: 400, request_id: requestId, error: err.code }, "malformed request");
}

/** What node-server hands each request to: the app's `fetch`. */
type FetchCallback = Parameters<typeof getRequestListener>[0];

export type HttpServerOptions = {
  /** The address the server binds; node-server uses it as the host of HTTP/1.0 requests without Host. */
  hostname: string;
  logger: Logger;
};

/** An HTTP server handing every request to `fetch` (the app), with every refusal as problem+json. */
export function createHttpServer(fetch: FetchCallback, options: HttpServerOptions): Server {
  const honoListener = getRequestListener(fetch, {
    hostname: options.hostname,
    // Anything node-server still cannot turn into a Request (an absolute-form target that is not a
    // URL): answered here, since the app never sees it.
    errorHandler: (err) => {
      const requestId = newId("req");
      const reason = err instanceof Error ? err.message : String(err);
      options.logger.info({ status: 400, request_id: requestId, error: reason }, "unreadable request");
      const body = problemText(`the request could not be read: ${reason}`, requestId, "request", "unreadable");
      return new Response(body, {
        status: 400,
        headers: { "Content-Type": "application/problem+json", "X-Request-Id": requestId, ...JSON_SECURITY_HEADERS },
      });
    },
  });
  const listener = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const pathRefusal = screenPath(incoming);
    const hostRefusal = screenAbsoluteForm(incoming) ?? screenHost(incoming);
    if (hostRefusal) incoming.headers.host = PLACEHOLDER_HOST;
    const refusal = hostRefusal ?? pathRefusal;
    if (refusal) recordAdapterRefusal(incoming, refusal);
    // node-server's listener handles its own failures (errorHandler above); nothing awaits it.
    void honoListener(incoming, outgoing);
  };
  // Without Host, Node would answer an empty 400 itself; screenHost answers it as problem+json.
  const server = createServer({ requireHostHeader: false }, listener);
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(err, socket, options.logger),
  );
  return server;
}
