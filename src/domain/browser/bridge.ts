/**
 * @module bridge
 * The dialog bridge, for backends that close native dialogs before anyone can answer them: an init script replaces
 * alert/confirm/prompt with a synchronous XHR to a host that can never resolve (`.invalid`), the supervisor
 * intercepts that request (CDP Fetch) and holds it until the dialog is answered. https keeps it clear of
 * mixed-content blocking on https pages; CSP is bypassed by the supervisor. When the request cannot go through, the
 * page falls back to the native dialog, so a dialog is never answered silently. `beforeunload` stays native.
 */
import type { DialogType } from "../shared/browser-views.js";

export const BRIDGE_HOST = "caduceus-dialog-bridge.invalid";
export const BRIDGE_URL_PATTERN = `https://${BRIDGE_HOST}/*`;

export const BRIDGE_SCRIPT = `(() => {
  if (window.__caduceusDialogBridge) return;
  Object.defineProperty(window, "__caduceusDialogBridge", { value: true });
  const XHR = XMLHttpRequest;
  const open = XHR.prototype.open;
  const send = XHR.prototype.send;
  const native = { alert: window.alert, confirm: window.confirm, prompt: window.prompt };
  const FALLBACK = {};
  const text = (value) => (value === undefined ? "" : String(value));
  function ask(kind, message, defaultPrompt) {
    try {
      const query = new URLSearchParams({ kind, message, default_prompt: defaultPrompt });
      const xhr = new XHR();
      open.call(xhr, "GET", "https://${BRIDGE_HOST}/dialog?" + query.toString(), false);
      send.call(xhr, null);
      if (xhr.status !== 200) return FALLBACK;
      const answer = JSON.parse(xhr.responseText);
      return answer && typeof answer.accept === "boolean" ? answer : FALLBACK;
    } catch (error) {
      return FALLBACK;
    }
  }
  const replace = (name, fn) => Object.defineProperty(window, name, { value: fn, writable: true, configurable: true });
  replace("alert", function alert(message) {
    const answer = ask("alert", text(message), "");
    if (answer === FALLBACK) return native.alert.call(window, text(message));
  });
  replace("confirm", function confirm(message) {
    const answer = ask("confirm", text(message), "");
    return answer === FALLBACK ? native.confirm.call(window, text(message)) : answer.accept;
  });
  replace("prompt", function prompt(message, defaultPrompt) {
    const answer = ask("prompt", text(message), text(defaultPrompt));
    if (answer === FALLBACK) return native.prompt.call(window, text(message), text(defaultPrompt));
    return answer.accept ? String(answer.prompt_text ?? "") : null;
  });
})();`;

export type BridgeRequest = { type: DialogType; message: string; default_prompt: string };

/** Reads the dialog a bridge request carries; null when the URL is not a bridge dialog request. */
export function parseBridgeRequest(url: string): BridgeRequest | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.hostname !== BRIDGE_HOST || parsed.pathname !== "/dialog") return null;
  const kind = parsed.searchParams.get("kind");
  if (kind !== "alert" && kind !== "confirm" && kind !== "prompt") return null;
  return {
    type: kind,
    message: parsed.searchParams.get("message") ?? "",
    default_prompt: parsed.searchParams.get("default_prompt") ?? "",
  };
}

export function bridgeAnswerBody(accept: boolean, promptText: string): string {
  return Buffer.from(JSON.stringify({ accept, prompt_text: promptText })).toString("base64");
}
