/**
 * @module web/caller
 * Who the page acts as (GET /v1/key): its key's name and owner, and whether it is an admin — which decides whether
 * the keys page is offered. Every list the page shows is already the owner's own: the server filters them.
 */
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";

export type CallerInfo = Schemas["CurrentKey"];

/** The caller once the page may ask (signed in, or no sign-in needed); null before. */
export function useCaller(ready: boolean): CallerInfo | null {
  const [caller, setCaller] = useState<CallerInfo | null>(null);
  useEffect(() => {
    if (!ready) {
      setCaller(null);
      return;
    }
    void api.GET("/v1/key").then((result) => {
      if (result.data) setCaller(must(result));
    });
  }, [ready]);
  return caller;
}

/** How the header names the caller: the key's name and owner, or the server key. */
export function callerLabel(caller: CallerInfo): string {
  if (!caller.key) return "server key (admin)";
  return `${caller.key.name} (owner ${caller.key.owner}${caller.admin ? ", admin" : ""})`;
}
