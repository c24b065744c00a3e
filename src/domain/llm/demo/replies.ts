/**
 * @module replies
 * What the built-in demo model says next, decided from the conversation alone (it keeps no state): the last user
 * message names a command (`open <url>`, `click <text>`, `type <text> into <field>`, `read the page`, `answer the
 * dialog with <text>`, `remember <fact>`, `search for <words>`), the tool calls and results after it say how far the
 * command has got, and the answer is either the next tool call or plain words. Every answer in words says that it
 * comes from the demo model, not an LLM.
 */

/** A message as the demo model reads it: the OpenAI chat shape, content reduced to its text. */
export type DemoMessage = {
  role: string;
  text: string;
  tool_calls: Array<{ id: string; name: string; arguments: string }>;
  tool_call_id: string | null;
};

export type DemoReply =
  { kind: "call"; name: string; arguments: Record<string, unknown> } | { kind: "say"; text: string };

export const DEMO_NOTICE =
  "(Demo model: scripted replies, not an LLM. Set OPENAI_API_KEY, or model.base_url and model.name, for a real one.)";

const COMMANDS_HELP = [
  "open <url> — open a page in this session's browser",
  "read the page — describe what the page shows",
  "click <text> — click the button or link with that text",
  "type <text> into <field> — fill a field",
  "answer the dialog with <text> — answer a JavaScript dialog (dismiss or cancel to dismiss it)",
  "remember <fact> — note a fact",
  "search for <words> — search this conversation's stored transcript",
];

/** A tool chain never runs longer than this in one turn: the demo answers in words instead of looping. */
const MAX_CALLS_PER_TURN = 4;
const SHOWN_OUTLINE_LINES = 40;
const SHOWN_RESULT_CHARS = 1_200;

type Command =
  | { name: "open"; url: string }
  | { name: "read" }
  | { name: "click"; target: string }
  | { name: "type"; text: string; field: string }
  | { name: "dialog"; answer: string }
  | { name: "remember"; fact: string }
  | { name: "search"; words: string }
  | { name: "chat"; text: string };

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^["'“‘](.*)["'”’]$/s, "$1")
    .trim();

/** The command a user message gives; anything else is conversation. */
export function parseCommand(message: string): Command {
  const text = message
    .trim()
    .replace(/^(please|now|then|and)\s+/i, "")
    .replace(/[.!]+$/, "")
    .trim();
  let m: RegExpMatchArray | null;
  if ((m = text.match(/^(?:open|go to|navigate to|visit)\s+(\S+)$/i))) return { name: "open", url: withScheme(m[1]) };
  if (/^(?:read|show|describe|look at)\s+(?:me\s+)?(?:the\s+|this\s+)?page$/i.test(text)) return { name: "read" };
  if ((m = text.match(/^type\s+(.+?)\s+into\s+(?:the\s+)?(.+)$/is)))
    return { name: "type", text: unquote(m[1]), field: unquote(m[2].replace(/\s+(?:field|box|input)$/i, "")) };
  if ((m = text.match(/^click\s+(?:on\s+)?(?:the\s+)?(.+)$/is)))
    return { name: "click", target: unquote(m[1].replace(/\s+(?:button|link)$/i, "")) };
  if ((m = text.match(/^answer\s+(?:the\s+)?dialog\s+with\s+(.+)$/is)))
    return { name: "dialog", answer: unquote(m[1]) };
  if ((m = text.match(/^remember\s+(?:that\s+)?(.+)$/is))) return { name: "remember", fact: m[1].trim() };
  if ((m = text.match(/^search\s+(?:for\s+)?(.+)$/is))) return { name: "search", words: unquote(m[1]) };
  return { name: "chat", text: message.trim() };
}

/** `example.com` means `https://example.com`; a URL with a scheme is kept as written. */
function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
}

/** The tool results of this turn, by the name of the call each answers. */
type Step = { name: string; arguments: string; result: string | null };

function stepsOf(turn: DemoMessage[]): Step[] {
  const steps: Step[] = [];
  for (const message of turn) {
    for (const call of message.tool_calls) {
      const result = turn.find((m) => m.role === "tool" && m.tool_call_id === call.id)?.text ?? null;
      steps.push({ name: call.name, arguments: call.arguments, result });
    }
  }
  return steps;
}

const parsed = (text: string | null): Record<string, unknown> | null => {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const say = (text: string): DemoReply => ({ kind: "say", text: `${text}\n\n${DEMO_NOTICE}` });
const call = (name: string, args: Record<string, unknown>): DemoReply => ({ kind: "call", name, arguments: args });

function clip(text: string, max = SHOWN_RESULT_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()} …`;
}

/** Whether a tool result says the call did not do its work (a refusal, a denial, an error, `ok: false`). */
function failureOf(result: string): string | null {
  const data = parsed(result);
  if (data?.ok === false) return typeof data.error === "string" ? data.error : "the browser answered ok: false";
  if (data && typeof data.error === "string" && !("url" in data)) return data.error;
  // The server's own refusals (a denied approval, a failed tool) start with "Error:".
  if (!data && /^error\b/i.test(result.trimStart())) return clip(result.trimStart().replace(/^error:?\s*/i, ""), 300);
  return null;
}

/** The page and dialog a browser action left, in words. */
function pageState(result: string): string {
  const data = parsed(result);
  if (!data) return clip(result, 300);
  const parts: string[] = [];
  if (typeof data.url === "string")
    parts.push(`The page is ${data.url}${typeof data.title === "string" && data.title ? ` ("${data.title}")` : ""}.`);
  const opened = data.dialog_opened as { type?: string; message?: string; id?: string } | undefined;
  const pending = Array.isArray(data.pending_dialogs) ? (data.pending_dialogs as Array<typeof opened>) : [];
  const dialog = opened ?? pending[0];
  if (dialog) {
    parts.push(
      `It opened a ${dialog.type ?? "JavaScript"} dialog ${dialog.id ? `(${dialog.id}) ` : ""}saying "${dialog.message ?? ""}". ` +
        `Say "answer the dialog with <text>" to answer it.`,
    );
  }
  return parts.join(" ") || clip(result, 300);
}

/**
 * The ref of the outline line that best names `wanted`: a line holding it in quotes first, then any line holding
 * it; among those, a line of one of `roles` first.
 */
export function findRef(outline: string, wanted: string, roles: string[]): string | null {
  const needle = wanted.toLowerCase();
  const lines = outline
    .split("\n")
    .map((line) => ({ line, ref: line.match(/\[ref=([A-Za-z0-9_-]+)\]/)?.[1] ?? null }))
    .filter((entry): entry is { line: string; ref: string } => entry.ref !== null);
  const role = (line: string) => line.trim().replace(/^-\s*/, "").split(/[\s"]/)[0].toLowerCase();
  const rank = ({ line }: { line: string }) => {
    const lower = line.toLowerCase();
    const quoted = lower.includes(`"${needle}"`) ? 0 : lower.includes(needle) ? 1 : 9;
    return quoted * 2 + (roles.includes(role(line)) ? 0 : 1);
  };
  const best = lines.map((entry) => ({ ...entry, score: rank(entry) })).sort((a, b) => a.score - b.score)[0];
  return best && best.score < 9 * 2 ? best.ref : null;
}

function outlineOf(result: string | null): string {
  const data = parsed(result);
  if (data && typeof data.outline === "string") return data.outline;
  return result ?? "";
}

/** What the model says next, given the whole conversation and the names of the tools it is offered. */
export function demoReply(messages: DemoMessage[], offered: ReadonlySet<string>): DemoReply {
  const lastUser = messages.map((m) => m.role).lastIndexOf("user");
  if (lastUser < 0) return say(`Hello. I understand a few commands:\n${COMMANDS_HELP.map((c) => `- ${c}`).join("\n")}`);
  const command = parseCommand(messages[lastUser].text);
  const steps = stepsOf(messages.slice(lastUser + 1));
  const last = steps.at(-1);
  if (last && last.result === null) return say(`I am still waiting for ${last.name} to answer.`);
  if (steps.length >= MAX_CALLS_PER_TURN) return say(`I stopped after ${steps.length} tool calls for this request.`);
  const failure = last?.result ? failureOf(last.result) : null;
  if (last && failure) return say(`${last.name} did not do it: ${failure}`);
  const needs = (tool: string): DemoReply | null =>
    offered.has(tool) ? null : say(`This session is not offered the ${tool} tool, so I cannot do that here.`);

  switch (command.name) {
    case "open":
      if (!last) return needs("browser_navigate") ?? call("browser_navigate", { url: command.url });
      return say(`Opened ${command.url}. ${pageState(last.result!)}`);
    case "read": {
      if (!last) return needs("browser_snapshot") ?? call("browser_snapshot", {});
      const outline = outlineOf(last.result).split("\n").filter(Boolean);
      const shown = outline.slice(0, SHOWN_OUTLINE_LINES).join("\n");
      const more =
        outline.length > SHOWN_OUTLINE_LINES ? `\n… and ${outline.length - SHOWN_OUTLINE_LINES} more lines` : "";
      return say(outline.length ? `The page shows:\n${shown}${more}` : "The page shows nothing I can read.");
    }
    case "click":
    case "type": {
      const tool = command.name === "click" ? "browser_click" : "browser_type";
      const wanted = command.name === "click" ? command.target : command.field;
      if (!last) return needs("browser_snapshot") ?? needs(tool) ?? call("browser_snapshot", {});
      if (last.name === "browser_snapshot") {
        const roles =
          command.name === "click"
            ? ["button", "link", "menuitem", "tab", "checkbox"]
            : ["textbox", "searchbox", "combobox"];
        const ref = findRef(outlineOf(last.result), wanted, roles);
        if (!ref)
          return say(`I found nothing called "${wanted}" on the page. Say "read the page" to see what is there.`);
        return command.name === "click"
          ? call("browser_click", { ref })
          : call("browser_type", { ref, text: command.text });
      }
      const did = command.name === "click" ? `Clicked "${wanted}".` : `Typed "${command.text}" into "${wanted}".`;
      return say(`${did} ${pageState(last.result!)}`);
    }
    case "dialog": {
      if (!last) {
        const dismiss = /^(dismiss|cancel|no|close)$/i.test(command.answer);
        const plain = /^(ok|okay|yes|accept)$/i.test(command.answer);
        const args = dismiss
          ? { action: "dismiss" }
          : plain
            ? { action: "accept" }
            : { action: "accept", prompt_text: command.answer };
        return needs("browser_dialog") ?? call("browser_dialog", args);
      }
      return say(`Answered the dialog with "${command.answer}". ${pageState(last.result!)}`);
    }
    case "remember":
      // A memory tool, where the server offers one, keeps the fact beyond this session.
      if (offered.has("memory")) {
        if (!last) return call("memory", { action: "add", target: "memory", content: command.fact });
        return say(`Noted: "${command.fact}".`);
      }
      return say(
        `Noted for this conversation: "${command.fact}". It stays in the stored transcript, where "search for" finds it.`,
      );
    case "search":
      if (!last) return needs("session_search") ?? call("session_search", { query: command.words });
      return say(clip(last.result ?? ""));
    case "chat":
      return say(
        `You said: "${clip(command.text, 200)}". I am not a language model, so I do not understand free text, ` +
          `but I do understand these commands:\n${COMMANDS_HELP.map((c) => `- ${c}`).join("\n")}`,
      );
  }
}
