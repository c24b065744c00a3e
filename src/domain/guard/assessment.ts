/**
 * @module assessment
 * What the guard makes of one tool call once the session has read untrusted content: let it run, hold it for a person
 * (a navigation to an origin nobody named, typing into a password field on such an origin, a form sent to another
 * origin, a download, a file upload, raw CDP, an MCP tool that is not read-only, a write to the owner's memory), or
 * refuse it outright (it carries a secret to where the secret may not go). Pure: the browser's facts about the element a call acts on are given.
 */
import type { GuardAction, GuardActionKind, GuardReasonCode } from "../../kernel/provenance.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { isMcpToolName } from "../shared/mcp-tool-names.js";
import { httpUrl, originOf, type OriginTrust } from "../shared/origins.js";
import { carriedSecret, mayGoTo, type KnownSecret } from "./secrets.js";

/** What the browser says of the element a call acts on (by its outline ref). */
export type ElementFacts = {
  /** The element's tag, lower case. */
  tag: string;
  /** An input's type (password, file, submit…), lower case; null for other elements. */
  input_type: string | null;
  /** The link the element is or is inside, resolved; null when none. */
  href: string | null;
  /** That link downloads (`download` attribute). */
  download: boolean;
  /** Clicking it (a submit button) or pressing Enter in it (a field) sends its form. */
  submits: boolean;
  /** Its form's action, resolved (the document's URL when the form names none); null outside a form. */
  form_action: string | null;
  /** The URL of the document the element is in (its frame's). */
  frame_url: string | null;
};

/** What the guard knows around a call: the page the browser shows, the element the call acts on, the tool. */
export type CallFacts = {
  pageUrl: string | null;
  element: ElementFacts | null;
  /** The tool is an MCP server's and its server marks it read-only. */
  readOnly: boolean;
};

export type Assessment =
  | { effect: "allow" }
  | {
      /** hold: a person may let it run; refuse: nobody may (it would carry a secret out). */
      effect: "hold" | "refuse";
      action: GuardAction;
      code: GuardReasonCode;
      reason: string;
      /** What names the target in content read before: the URL, its host, the tool. */
      needles: string[];
    };

const ALLOW: Assessment = { effect: "allow" };

/** The agent's memory tool (../memory/memory-tool.ts): what it writes reaches every later session. */
const MEMORY_TOOL = "memory";

/** The browser tools that act on an element by its outline ref. */
export const REF_TOOLS: ReadonlySet<string> = new Set([
  "browser_click",
  "browser_type",
  "browser_press",
  "browser_select",
]);

/** The browser tools that may take the page somewhere else (and so whose navigations the gate watches). */
export const NAVIGATING_TOOLS: ReadonlySet<string> = new Set([
  "browser_navigate",
  "browser_click",
  "browser_type",
  "browser_press",
  "browser_select",
  "browser_back",
  "browser_forward",
  "browser_tabs",
  "browser_cdp",
]);

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function needlesFor(target: string | null): string[] {
  const url = target ? httpUrl(target) : null;
  if (!url) return target ? [target] : [];
  return [url.href, `${url.host}${url.pathname}`, url.host, url.hostname].filter((n, i, all) => all.indexOf(n) === i);
}

function decision(
  effect: "hold" | "refuse",
  kind: GuardActionKind,
  call: { id: string; name: string },
  target: string | null,
  code: GuardReasonCode,
  reason: string,
  extraNeedles: string[] = [],
): Assessment {
  const action: GuardAction = {
    kind,
    tool: call.name,
    tool_call_id: call.id,
    target: target === null ? null : redactSecrets(target),
    target_origin: originOf(target),
  };
  return { effect, action, code, reason, needles: [...needlesFor(target), ...extraNeedles] };
}

/** What a call sends out, and where: the text a secret could ride in, and the URL it goes to (null: unknown). */
function outgoing(
  name: string,
  args: Record<string, unknown>,
  facts: CallFacts,
): { payload: string; destination: URL | null } | null {
  const elementUrl = facts.element?.frame_url ?? facts.pageUrl;
  switch (name) {
    case "browser_navigate":
      return { payload: text(args.url), destination: httpUrl(text(args.url)) };
    case "browser_tabs":
      return args.action === "open" ? { payload: text(args.url), destination: httpUrl(text(args.url)) } : null;
    case "browser_type":
      return { payload: text(args.text), destination: elementUrl ? httpUrl(elementUrl) : null };
    case "browser_select":
      return { payload: JSON.stringify(args.values ?? []), destination: elementUrl ? httpUrl(elementUrl) : null };
    case "browser_cdp":
      return { payload: JSON.stringify(args), destination: null };
    default:
      return isMcpToolName(name) ? { payload: JSON.stringify(args), destination: null } : null;
  }
}

/** What an action that sends something out is, by its tool. */
function sendingKind(name: string, args: Record<string, unknown>): GuardActionKind {
  if (name === "browser_navigate") return "navigate";
  if (name === "browser_tabs") return "open_tab";
  if (name === "browser_cdp") return "raw_cdp";
  if (name === "browser_type" || name === "browser_select") return "type_secret";
  return args.action === "open" ? "open_tab" : "mcp_write";
}

/** A secret leaving for `destination`, refused, in words. */
function exfiltration(
  call: { id: string; name: string },
  args: Record<string, unknown>,
  secret: KnownSecret,
  destination: URL | null,
): Assessment {
  const where = destination ? destination.origin : `the ${call.name} call`;
  const bound = secret.from === "conversation" ? "the user named with it" : "it was given or typed for";
  return decision(
    "refuse",
    sendingKind(call.name, args),
    call,
    destination?.href ?? (isMcpToolName(call.name) ? call.name : null),
    "exfiltration",
    `the arguments carry a secret of the conversation to ${where}, which is not an origin ${bound}; after untrusted ` +
      "content was read, a secret never leaves for another origin, whoever approves",
  );
}

function untrusted(url: string, trust: OriginTrust, current: string | null): boolean {
  return trust.reasonFor(url, current) === null;
}

const NOT_NAMED = "is named by neither the user, the system prompt nor the server's agent.guard.trusted_origins";

/** What the guard makes of one call of a run that has read untrusted content. */
export function assessCall(
  call: { id: string; name: string },
  args: Record<string, unknown>,
  facts: CallFacts,
  trust: OriginTrust,
  secrets: readonly KnownSecret[],
): Assessment {
  const out = outgoing(call.name, args, facts);
  if (out) {
    const secret = carriedSecret(out.payload, secrets);
    if (secret && !mayGoTo(secret, out.destination)) return exfiltration(call, args, secret, out.destination);
  }
  const current = facts.pageUrl;
  switch (call.name) {
    case "browser_navigate":
    case "browser_tabs": {
      const url = text(args.url);
      if (!url || (call.name === "browser_tabs" && args.action !== "open")) return ALLOW;
      if (!untrusted(url, trust, current)) return ALLOW;
      const kind = call.name === "browser_navigate" ? "navigate" : "open_tab";
      return decision("hold", kind, call, url, "untrusted_origin", `${originOf(url) ?? url} ${NOT_NAMED}`);
    }
    case "browser_cdp":
      return decision(
        "hold",
        "raw_cdp",
        call,
        text(args.method) || null,
        "raw_cdp",
        "raw CDP can read and send anything the page can; after untrusted content it needs a person's approval",
        ["browser_cdp", text(args.method)],
      );
    default:
      break;
  }
  if (REF_TOOLS.has(call.name)) return assessElement(call, args, facts, trust);
  if (call.name === MEMORY_TOOL)
    return decision(
      "hold",
      "memory_write",
      call,
      `memory:${text(args.target) || "memory"}`,
      "memory_write",
      "it writes the owner's memory, which every later session reads in its system prompt; after untrusted content " +
        "that needs a person's approval",
      [text(args.content), text(args.old_text)].filter(Boolean),
    );
  if (isMcpToolName(call.name) && !facts.readOnly) {
    return decision(
      "hold",
      "mcp_write",
      call,
      call.name,
      "mcp_write",
      "its MCP server does not mark it read-only; after untrusted content a tool that may change things needs a person's approval",
      [call.name, call.name.slice(call.name.lastIndexOf("__") + 2)],
    );
  }
  return ALLOW;
}

/** A call on an element: a link it follows, a form it sends, a password it types, a file it picks. */
function assessElement(
  call: { id: string; name: string },
  args: Record<string, unknown>,
  facts: CallFacts,
  trust: OriginTrust,
): Assessment {
  const element = facts.element;
  if (!element) return ALLOW;
  const frame = element.frame_url ?? facts.pageUrl;
  const frameOrigin = originOf(frame);
  if (call.name === "browser_click") {
    if (element.input_type === "file")
      return decision("hold", "upload", call, frame, "upload", "it opens a file upload");
    if (element.href && element.download)
      return decision("hold", "download", call, element.href, "download", "the link downloads a file");
    if (element.href && untrusted(element.href, trust, facts.pageUrl) && originOf(element.href) !== frameOrigin)
      return decision(
        "hold",
        "follow_link",
        call,
        element.href,
        "untrusted_origin",
        `the link goes to ${originOf(element.href) ?? element.href}, which ${NOT_NAMED}`,
      );
  }
  if (call.name === "browser_type" && element.input_type === "password" && !(frame && trust.names(frame)))
    return decision(
      "hold",
      "type_password",
      call,
      frame,
      "password_field",
      `it types into a password field of ${frameOrigin ?? "a page"}, which ${NOT_NAMED}`,
    );
  const sends =
    (call.name === "browser_click" && element.submits) ||
    (call.name === "browser_type" && args.submit === true && element.form_action !== null) ||
    (call.name === "browser_press" && text(args.key) === "Enter" && element.submits);
  const action = element.form_action;
  if (sends && action && originOf(action) !== frameOrigin && !trust.names(action))
    return decision(
      "hold",
      "submit_form",
      call,
      action,
      "cross_origin_form",
      `it sends a form of ${frameOrigin ?? "the page"} to ${originOf(action) ?? action}, which ${NOT_NAMED}`,
    );
  return ALLOW;
}
