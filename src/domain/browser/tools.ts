/**
 * @module tools
 * The browser tools offered to the model (SPEC §4.2), over the operations the browser service provides. Each tool's
 * arguments are one zod object (./shared/tool-args.ts): the schema the model is sent and the parsing of its calls.
 * Every result says where its content came from (the page, its frames, its dialogs, its console): untrusted.
 */
import { z } from "zod";
import { DomainError } from "../../kernel/errors.js";
import { provenanceOf, type ContentSource } from "../../kernel/provenance.js";
import { headOf } from "../../kernel/text.js";
import type { DialogAction } from "../shared/browser-views.js";
import { parseToolArgs, toolParameters, type ToolArgs } from "../shared/tool-args.js";
import type { ToolDefinition, ToolOutput } from "../shared/tools.js";
import { inSpan } from "../shared/tracing.js";
import { MAX_SCROLL_PX, MAX_WAIT_MS, SCROLL_DIRECTIONS, type ScrollDirection } from "./interactions.js";

/** The browser operations the tools call, per session; the browser service implements them. */
export type BrowserOperations = {
  navigate(sessionId: string, url: string): Promise<unknown>;
  snapshotWithOutline(sessionId: string): Promise<unknown>;
  click(sessionId: string, ref: string): Promise<unknown>;
  type(sessionId: string, ref: string, text: string, submit: boolean): Promise<unknown>;
  respond(
    sessionId: string,
    action: DialogAction,
    promptText: string | undefined,
    dialogId: string | undefined,
    by: "agent",
  ): Promise<unknown>;
  cdp(
    sessionId: string,
    method: string,
    params: Record<string, unknown>,
    options: { frameId?: string },
  ): Promise<unknown>;
  scroll(sessionId: string, options: { direction?: ScrollDirection; amount?: number; ref?: string }): Promise<unknown>;
  history(sessionId: string, step: "back" | "forward"): Promise<unknown>;
  press(sessionId: string, key: string, ref?: string): Promise<unknown>;
  select(sessionId: string, ref: string, values: string[]): Promise<unknown>;
  hover(sessionId: string, ref: string): Promise<unknown>;
  wait(sessionId: string, options: { text?: string; ref?: string; timeMs?: number }): Promise<unknown>;
  screenshotWithText(
    sessionId: string,
    options: { fullPage?: boolean; ref?: string },
  ): Promise<{
    png: Buffer;
    width: number;
    height: number;
    url: string | null;
    title: string | null;
    outline: string | null;
  }>;
  console(sessionId: string, options: { level?: string; clear?: boolean }): Promise<unknown>;
  images(sessionId: string): Promise<unknown>;
  tabs(
    sessionId: string,
    request:
      | { action: "list" }
      | { action: "open"; url?: string }
      | { action: "switch"; tab_id: string }
      | { action: "close"; tab_id: string },
  ): Promise<unknown>;
  /** Throws while a person holds the browser: the agent waits instead of fighting them over the page. */
  assertAgentMayAct(sessionId: string): void;
  /** Where a result's content came from, in the session's browser as it is now (content-sources.ts). */
  contentSources(sessionId: string, data: unknown): Promise<ContentSource[]>;
};

/** What a model without vision reads in place of a screenshot: the outline is cut to this. */
const SCREENSHOT_OUTLINE_CHARS = 2_000;

const output = (data: unknown, isError = false): ToolOutput => ({
  content: JSON.stringify(data),
  data,
  ...(isError ? { is_error: true } : {}),
});

/** Tool errors become results the model can read (the run goes on); the code says what went wrong. */
function failure(error: unknown): ToolOutput {
  if (error instanceof DomainError)
    return output({ ok: false, error: error.message, code: error.code, ...error.details }, true);
  return output({ ok: false, error: (error as Error).message.split("\n")[0] }, true);
}

const notOk = (data: unknown) => (data as { ok?: boolean }).ok === false;

/** One browser tool: its arguments, what it does with them, and whether it acts on the page. */
type BrowserTool<S extends ToolArgs> = {
  name: string;
  description: string;
  args: S;
  /** It acts on the page: refused while a person has taken the browser over. */
  acts?: boolean;
  /** An answer with `ok: false` (the page did not do it) is a failed call. */
  failsWhenNotOk?: boolean;
  /** The call, its answer shown to the model as JSON; or `respond` when the tool shapes its own output. */
  call?: (args: z.output<S>, sessionId: string) => Promise<unknown>;
  respond?: (args: z.output<S>, sessionId: string) => Promise<ToolOutput>;
};

function defineTool<S extends ToolArgs>(browser: BrowserOperations, tool: BrowserTool<S>): ToolDefinition {
  const { call, respond } = tool;
  return {
    name: tool.name,
    description: tool.description,
    parameters: toolParameters(tool.args),
    execute: (raw, ctx) =>
      inSpan(
        `browser ${tool.name}`,
        { attributes: { "caduceus.session_id": ctx.session.id, "caduceus.browser.action": tool.name } },
        async (span) => {
          let result: ToolOutput;
          try {
            if (tool.acts) browser.assertAgentMayAct(ctx.session.id);
            const args = parseToolArgs(tool.args, raw);
            if (respond) result = await respond(args, ctx.session.id);
            else {
              const data = await call!(args, ctx.session.id);
              result = output(data, tool.failsWhenNotOk === true && notOk(data));
            }
          } catch (error) {
            span.setAttribute("caduceus.browser.failed", true);
            result = failure(error);
          }
          const sources = await browser.contentSources(ctx.session.id, result.data).catch(() => []);
          return { ...result, provenance: provenanceOf(sources) };
        },
      ),
  };
}

/** The screenshot as an image for models that see, and the page's title, URL and outline for those that do not. */
async function screenshotOutput(
  browser: BrowserOperations,
  sessionId: string,
  options: { fullPage: boolean; ref?: string },
): Promise<ToolOutput> {
  const shot = await browser.screenshotWithText(sessionId, options);
  const outline = shot.outline ? headOf(shot.outline, SCREENSHOT_OUTLINE_CHARS) : null;
  const data = {
    ok: true,
    url: shot.url,
    title: shot.title,
    width: shot.width,
    height: shot.height,
    outline_excerpt: outline,
  };
  return { content: JSON.stringify(data), data, images: [{ mime_type: "image/png" as const, data: shot.png }] };
}

const ref = () => z.string().describe("Element ref from the latest browser_snapshot outline, e.g. e12 or f2e5");
const none = z.object({});

/** The browser tools offered to the model (SPEC §4.2). */
export function createBrowserTools(browser: BrowserOperations): ToolDefinition[] {
  const tool = <S extends ToolArgs>(spec: BrowserTool<S>) => defineTool(browser, spec);
  return [
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_navigate",
      description:
        "Open a URL in the session's browser (starts it if needed). Returns at once with the dialog if the page opens one.",
      args: z.object({ url: z.string().describe("Absolute http(s) URL") }),
      call: ({ url }, id) => browser.navigate(id, url),
    }),
    tool({
      name: "browser_snapshot",
      description:
        "The browser state: pending and recent dialogs, the frame tree (with out-of-process iframes), console output, and an " +
        "accessibility outline whose [ref=…] values (also inside iframes) are what browser_click and browser_type take.",
      args: none,
      call: (_args, id) => browser.snapshotWithOutline(id),
    }),
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_click",
      description: "Click the element with this ref from the latest browser_snapshot outline.",
      args: z.object({ ref: z.string().describe("Element ref, e.g. e12 or f2e5") }),
      call: (args, id) => browser.click(id, args.ref),
    }),
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_type",
      description: "Fill the element with this ref with text; submit presses Enter afterwards.",
      args: z.object({
        ref: z.string().describe("Element ref from browser_snapshot"),
        text: z.string().describe("Text to enter"),
        submit: z.boolean().optional().describe("Press Enter after typing"),
      }),
      call: (args, id) => browser.type(id, args.ref, args.text, args.submit === true),
    }),
    tool({
      name: "browser_dialog",
      description:
        "Answer a pending JavaScript dialog (alert, confirm, prompt, beforeunload). dialog_id is required when several are pending.",
      args: z.object({
        action: z.enum(["accept", "dismiss"]),
        prompt_text: z.string().optional().describe("Text a prompt() returns when accepted"),
        dialog_id: z.string().optional().describe("Id from pending_dialogs, e.g. d-3"),
      }),
      call: (args, id) => browser.respond(id, args.action, args.prompt_text, args.dialog_id, "agent"),
    }),
    tool({
      acts: true,
      name: "browser_cdp",
      description:
        "Send a raw Chrome DevTools Protocol command. With frame_id (an is_oopif frame from browser_snapshot) it runs in that " +
        "out-of-process iframe's own session, e.g. Runtime.evaluate inside a cross-site iframe. Only page-level " +
        "methods run (Runtime evaluation, DOM/CSS/Accessibility reads, Page navigation and screenshots, cookies " +
        "and headers, Emulation, Input); others are refused with code cdp_method_not_allowed.",
      args: z.object({
        method: z.string().describe("CDP method, e.g. Runtime.evaluate"),
        params: z.looseObject({}).optional().describe("CDP parameters"),
        frame_id: z.string().optional().describe("CDP frame id of an out-of-process iframe"),
      }),
      call: (args, id) => browser.cdp(id, args.method, args.params ?? {}, { frameId: args.frame_id }),
    }),
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_scroll",
      description:
        "Scroll the page (direction and amount in pixels, default most of a screen down) or scroll the element with ref into view.",
      args: z.object({
        direction: z.enum(SCROLL_DIRECTIONS as [ScrollDirection, ...ScrollDirection[]]).optional(),
        amount: z.number().min(1).max(MAX_SCROLL_PX).optional().describe("Pixels to scroll (default 600)"),
        ref: ref().optional(),
      }),
      call: (args, id) => browser.scroll(id, args),
    }),
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_back",
      description: "Go back one page in the active tab's history.",
      args: none,
      call: (_args, id) => browser.history(id, "back"),
    }),
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_forward",
      description: "Go forward one page in the active tab's history.",
      args: none,
      call: (_args, id) => browser.history(id, "forward"),
    }),
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_press",
      description:
        "Press a key (Enter, Escape, Tab, ArrowDown, PageDown, Control+a…) on the element with ref, or on the page.",
      args: z.object({ key: z.string().describe("Key name as in KeyboardEvent.key"), ref: ref().optional() }),
      call: (args, id) => browser.press(id, args.key, args.ref),
    }),
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_select",
      description: "Choose options of the <select> with ref, by value or visible label.",
      args: z.object({
        ref: ref(),
        // One value may come as a string.
        values: z
          .preprocess((v) => (typeof v === "string" ? [v] : v), z.array(z.string()).min(1))
          .describe("Values or labels"),
      }),
      call: (args, id) => browser.select(id, args.ref, args.values),
    }),
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_hover",
      description: "Move the mouse over the element with ref (menus, tooltips).",
      args: z.object({ ref: ref() }),
      call: (args, id) => browser.hover(id, args.ref),
    }),
    tool({
      name: "browser_wait",
      description:
        `Wait until text shows on the page or the element with ref is visible (at most time_ms), or just wait time_ms. ` +
        `Never longer than ${MAX_WAIT_MS} ms; returns at once if the page opens a dialog.`,
      args: z.object({
        text: z.string().optional().describe("Text to wait for"),
        ref: ref().optional(),
        time_ms: z.number().min(0).max(MAX_WAIT_MS).optional().describe(`Milliseconds, at most ${MAX_WAIT_MS}`),
      }),
      call: (args, id) => browser.wait(id, { text: args.text, ref: args.ref, timeMs: args.time_ms }),
    }),
    tool({
      name: "browser_screenshot",
      description:
        "A picture of the active tab (the viewport, the whole page with full_page, or one element by ref). Models " +
        "that accept images see it; others get the page's title, URL and an outline excerpt.",
      args: z.object({
        full_page: z.boolean().optional().describe("The whole scrollable page"),
        ref: ref().optional(),
      }),
      respond: (args, id) => screenshotOutput(browser, id, { fullPage: args.full_page === true, ref: args.ref }),
    }),
    tool({
      name: "browser_console",
      description: "Console messages and exceptions of every tab, newest last; level filters, clear empties it.",
      args: z.object({
        level: z.enum(["log", "warning", "error", "exception"]).optional(),
        clear: z.boolean().optional().describe("Empty the console after reading it"),
      }),
      call: async (args, id) => ({
        entries: await browser.console(id, { level: args.level, clear: args.clear === true }),
      }),
    }),
    tool({
      name: "browser_get_images",
      description: "The images of the page: src, alt text and rendered size (at most 100).",
      args: none,
      call: (_args, id) => browser.images(id),
    }),
    tool({
      acts: true,
      failsWhenNotOk: true,
      name: "browser_tabs",
      description:
        "List the tabs (popups and target=_blank links open new ones), open one (optionally at url), switch to one, " +
        "or close one. Actions, snapshots and refs refer to the active tab.",
      args: z.object({
        action: z.enum(["list", "open", "switch", "close"]),
        url: z.string().optional().describe("For open: the URL to load"),
        tab_id: z.string().optional().describe("For switch and close: the tab, e.g. t2"),
      }),
      call: (args, id) => {
        const { action } = args;
        if (action === "list") return browser.tabs(id, { action });
        if (action === "open") return browser.tabs(id, { action, url: args.url });
        if (!args.tab_id) throw new DomainError("validation_failed", `"tab_id" is required to ${action} a tab`);
        return browser.tabs(id, { action, tab_id: args.tab_id });
      },
    }),
  ];
}
