/**
 * @module browser-forwarding
 * Browser and dialog requests go to the replica that holds the session's browser: on the holder (or when the browser
 * is free, which makes this replica its holder) they are served here; otherwise they are sent on, as they came, to
 * the holder's internal address with the internal key, and its answer (a stream included) is passed back. A request
 * forwarded to us carries that key and is served here, never sent on again. A session that does not exist, or that is
 * another owner's, is neither claimed nor forwarded: the route answers it, as not found.
 */
import type { MiddlewareHandler } from "hono";
import { sameSecret } from "../../domain/inspector/sign-in.js";
import type { BrowserOwnership } from "../../domain/replicas/browser-ownership.js";
import { FORWARDED_BY_HEADER, INTERNAL_KEY_HEADER } from "../../domain/replicas/owned-browser-tools.js";
import { DomainError } from "../../kernel/errors.js";
import type { OwnedResources } from "../../domain/owners/owned-resources.js";
import { visibleTo } from "../../domain/shared/owner-scope.js";
import type { AppEnv } from "../env.js";

/** The routes that act on a session's browser, or list or answer its dialogs. */
const BROWSER_PATH = /^\/v1\/sessions\/([^/]+)\/(?:snapshot|browser(?:\/.*)?|dialogs\/respond|interrupts(?:\/d-\d+)?)$/;

/** Hop-by-hop headers, and those fetch sets itself. */
const DROPPED_HEADERS = ["host", "connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"];

export type BrowserForwardingOptions = {
  ownership: BrowserOwnership;
  internalKey: string | null;
  owners: OwnedResources;
};

export function browserForwarding(options: BrowserForwardingOptions): MiddlewareHandler<AppEnv> {
  const { ownership, internalKey, owners } = options;
  return async (c, next) => {
    const match = BROWSER_PATH.exec(c.req.path);
    if (!match) return next();
    const sessionOwner = await owners.ownerOf("session", decodeURIComponent(match[1]));
    if (sessionOwner === undefined || !visibleTo(c.get("caller"), sessionOwner)) return next();
    const given = c.req.header(INTERNAL_KEY_HEADER);
    if (given !== undefined && internalKey !== null && sameSecret(given, internalKey)) {
      // Sent on by another replica, which found this one holding the browser: serve it (taking the lease if the
      // browser came free meanwhile), whoever holds it now.
      await ownership.claim(decodeURIComponent(match[1]));
      return next();
    }
    const owner = await ownership.claim(decodeURIComponent(match[1]));
    if (owner.local) return next();
    if (!owner.internalUrl || !internalKey) {
      throw new DomainError(
        "browser_owner_unavailable",
        `replica ${owner.replicaId} holds this session's browser and cannot be reached (it has no server.internal_url); ` +
          `retry in ${ownership.retryAfterS(owner)} s, when its lease has run out if it stopped`,
        { retryAfterS: ownership.retryAfterS(owner) },
      );
    }
    const target = new URL(c.req.path + new URL(c.req.url).search, owner.internalUrl);
    const headers = new Headers(c.req.raw.headers);
    for (const name of DROPPED_HEADERS) headers.delete(name);
    headers.set(INTERNAL_KEY_HEADER, internalKey);
    headers.set(FORWARDED_BY_HEADER, ownership.replicaId);
    // Read through hono, which keeps the body the JSON check already read.
    const body = c.req.method === "GET" || c.req.method === "HEAD" ? undefined : await c.req.arrayBuffer();
    let answer: Response;
    try {
      answer = await fetch(target, {
        method: c.req.method,
        headers,
        body,
        signal: c.req.raw.signal,
        redirect: "manual",
      });
    } catch {
      throw new DomainError(
        "browser_owner_unavailable",
        `replica ${owner.replicaId} holds this session's browser and does not answer; retry in ` +
          `${ownership.retryAfterS(owner)} s, when its lease has run out`,
        { retryAfterS: ownership.retryAfterS(owner) },
      );
    }
    const passed = new Headers(answer.headers);
    for (const name of DROPPED_HEADERS) passed.delete(name);
    passed.delete("content-encoding");
    return new Response(answer.body, { status: answer.status, headers: passed });
  };
}
