/**
 * @module delivery-attempt
 * One attempt at a delivery: the receiver's address checked (../url-rules.ts) and connected to as checked, the body
 * POSTed with Standard Webhooks' headers (`webhook-id` — the same on every attempt — `webhook-timestamp` and
 * `webhook-signature: v1,<base64 HMAC-SHA256>`, signed by the `standardwebhooks` package), no redirect followed, the
 * answer awaited at most the timeout. A 2xx is delivered; anything else (a 3xx included) failed.
 */
import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { allowedAddress, parseWebhookUrl, type Resolver } from "./url-rules.js";

export type AttemptResult = { delivered: boolean; status: number | null; error: string | null };

export type Attempt = {
  url: string;
  id: string;
  payload: string;
  secret: string;
  timeoutMs: number;
  allowPrivate: boolean;
  resolve: Resolver;
  now: number;
};

/** The three Standard Webhooks headers of a body sent at `now`. */
export function signatureHeaders(secret: string, id: string, payload: string, now: number): Record<string, string> {
  const timestamp = new Date(Math.floor(now / 1000) * 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(now / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, timestamp, payload),
  };
}

export async function attemptDelivery(attempt: Attempt): Promise<AttemptResult> {
  let target: { address: string; family: number };
  let url: URL;
  try {
    url = parseWebhookUrl(attempt.url);
    target = await allowedAddress(url, attempt.allowPrivate, attempt.resolve);
  } catch (error) {
    return { delivered: false, status: null, error: (error as Error).message };
  }
  // The connection goes to the address just checked, whatever the name resolves to by now.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const options: RequestOptions = {
    method: "POST",
    lookup: pinned,
    headers: {
      "content-type": "application/json",
      "user-agent": "caduceus-webhooks",
      ...signatureHeaders(attempt.secret, attempt.id, attempt.payload, attempt.now),
    },
    signal: AbortSignal.timeout(attempt.timeoutMs),
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolve) => {
    const req = send(url, options, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      const delivered = status >= 200 && status < 300;
      res.on("end", () => resolve({ delivered, status, error: delivered ? null : `HTTP ${status}` }));
      res.on("error", () => resolve({ delivered, status, error: delivered ? null : `HTTP ${status}` }));
    });
    req.on("error", (error) =>
      resolve({
        delivered: false,
        status: null,
        error: error.name === "AbortError" || error.name === "TimeoutError" ? "timed out" : error.message,
      }),
    );
    req.end(attempt.payload);
  });
}
