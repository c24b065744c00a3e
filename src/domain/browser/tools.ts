/**
 * @module tools
 * The browser tools offered to the model (SPEC §4.2), over the operations the browser service provides.
 */
import type { ToolDefinition, ToolOutput } from "../shared/tools.js";
import { DomainError } from "../../kernel/errors.js";
import { headOf } from "../../kernel/text.js";
import { MAX_SCROLL_PX, MAX_WAIT_MS, SCROLL_DIRECTIONS, type ScrollDirection } from "./interactions.js";
import type { DialogAction } from "../shared/browser-views.js";

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
};

/** What a model without vision reads in place of a screenshot: the outline is cut to this. */
const SCREENSHOT_OUTLINE_CHARS = 2_000;

const output = (data: unknown, isError = false): ToolOutput => ({
  content: JSON.stringify(data),
  data,
  ...(isError ? { is_error: true } : {}),
});

function str(args: Record<string, unknown>, key: string, required: true): string;
function str(args: Record<string, unknown>, key: string, required: false): string | undefined;
function str(args: Record<string, unknown>, key: string, required: boolean): string | undefined {
  const value = args[key];
  if (value === undefined || value === null) {
    if (required) throw new DomainError("validation_failed", `argument "${key}" is required`);
    return undefined;
  }
  if (typeof value !== "string") throw new DomainError("validation_failed", `argument "${key}" must be a string`);
  return value;
}

/** Tool errors become results the model can read (the run goes on); the code says what went wrong. */
function failure(error: unknown): ToolOutput {
  if (error instanceof DomainError)
    return output({ ok: false, error: error.message, code: error.code, ...error.details }, true);
  return output({ ok: false, error: (error as Error).message.split("\n")[0] }, true);
}

async function run(fn: () => Promise<unknown>, failed: (data: unknown) => boolean = () => false): Promise<ToolOutput> {
  try {
    const data = await fn();
    return output(data, failed(data));
  } catch (error) {
    return failure(error);
  }
}

const notOk = (data: unknown) => (data as { ok?: boolean }).ok === false;

function num(args: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max)
    throw new DomainError("validation_failed", `argument "${key}" must be a number from ${min} to ${max}`);
  return value;
}

function strings(args: Record<string, unknown>, key: string): string[] {
  const value = args[key];
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || list.some((v) => typeof v !== "string"))
    throw new DomainError("validation_failed", `argument "${key}" must be a list of strings`);
  return list as string[];
}

/** The screenshot as an image for models that see, and the page's title, URL and outline for those that do not. */
async function screenshotOutput(browser: BrowserOperations, sessionId: string, args: Record<string, unknown>) {
  try {
    const shot = await browser.screenshotWithText(sessionId, {
      fullPage: args.full_page === true,
      ref: str(args, "ref", false),
    });
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
  } catch (error) {
    return failure(error);
  }
}

/** A tool that acts on the page: refused while a person has taken the browser over. */
function acting(browser: BrowserOperations, tool: ToolDefinition): ToolDefinition {
  return {
    ...tool,
    execute: async (args, ctx) => {
      try {
        browser.assertAgentMayAct(ctx.session.id);
      } catch (error) {
        return failure(error);
      }
      return tool.execute(args, ctx);
    },
  };
}

const REF = { type: "string", description: "Element ref from the latest browser_snapshot outline, e.g. e12 or f2e5" };

/** The browser tools offered to the model (SPEC §4.2). */
export function createBrowserTools(browser: BrowserOperations): ToolDefinition[] {
  const tools: Array<ToolDefinition & { acts?: boolean }> = [
    {
      acts: true,
      name: "browser_navigate",
      description:
        "Open a URL in the session's browser (starts it if needed). Returns at once with the dialog if the page opens one.",
      parameters: {
        type: "object",
        properties: { url: { type: "string", description: "Absolute http(s) URL" } },
        required: ["url"],
        additionalProperties: false,
      },
      execute: (args, ctx) => run(() => browser.navigate(ctx.session.id, str(args, "url", true)), notOk),
    },
    {
      name: "browser_snapshot",
      description:
        "The browser state: pending and recent dialogs, the frame tree (with out-of-process iframes), console output, and an " +
        "accessibility outline whose [ref=…] values (also inside iframes) are what browser_click and browser_type take.",
      parameters: { type: "object", properties: {}, additionalProperties: false },
      execute: (_args, ctx) => run(() => browser.snapshotWithOutline(ctx.session.id)),
    },
    {
      acts: true,
      name: "browser_click",
      description: "Click the element with this ref from the latest browser_snapshot outline.",
      parameters: {
        type: "object",
        properties: { ref: { type: "string", description: "Element ref, e.g. e12 or f2e5" } },
        required: ["ref"],
        additionalProperties: false,
      },
      execute: (args, ctx) => run(() => browser.click(ctx.session.id, str(args, "ref", true)), notOk),
    },
    {
      acts: true,
      name: "browser_type",
      description: "Fill the element with this ref with text; submit presses Enter afterwards.",
      parameters: {
        type: "object",
        properties: {
          ref: { type: "string", description: "Element ref from browser_snapshot" },
          text: { type: "string", description: "Text to enter" },
          submit: { type: "boolean", description: "Press Enter after typing" },
        },
        required: ["ref", "text"],
        additionalProperties: false,
      },
      execute: (args, ctx) =>
        run(
          () => browser.type(ctx.session.id, str(args, "ref", true), str(args, "text", true), args.submit === true),
          notOk,
        ),
    },
    {
      name: "browser_dialog",
      description:
        "Answer a pending JavaScript dialog (alert, confirm, prompt, beforeunload). dialog_id is required when several are pending.",
      parameters: {
        type: "object",
        properties: {
          action: { type: "string", enum: ["accept", "dismiss"] },
          prompt_text: { type: "string", description: "Text a prompt() returns when accepted" },
          dialog_id: { type: "string", description: "Id from pending_dialogs, e.g. d-3" },
        },
        required: ["action"],
        additionalProperties: false,
      },
      execute: (args, ctx) =>
        run(async () => {
          const action = str(args, "action", true);
          if (action !== "accept" && action !== "dismiss")
            throw new DomainError("validation_failed", 'action must be "accept" or "dismiss"');
          return browser.respond(
            ctx.session.id,
            action,
            str(args, "prompt_text", false),
            str(args, "dialog_id", false),
            "agent",
          );
        }),
    },
    {
      acts: true,
      name: "browser_cdp",
      description:
        "Send a raw Chrome DevTools Protocol command. With frame_id (an is_oopif frame from browser_snapshot) it runs in that " +
        "out-of-process iframe's own session, e.g. Runtime.evaluate inside a cross-site iframe. Only page-level " +
        "methods run (Runtime evaluation, DOM/CSS/Accessibility reads, Page navigation and screenshots, cookies " +
        "and headers, Emulation, Input); others are refused with code cdp_method_not_allowed.",
      parameters: {
        type: "object",
        properties: {
          method: { type: "string", description: "CDP method, e.g. Runtime.evaluate" },
          params: { type: "object", description: "CDP parameters" },
          frame_id: { type: "string", description: "CDP frame id of an out-of-process iframe" },
        },
        required: ["method"],
        additionalProperties: false,
      },
      execute: (args, ctx) =>
        run(() => {
          const params = args.params ?? {};
          if (typeof params !== "object" || Array.isArray(params))
            throw new DomainError("validation_failed", "params must be an object");
          return browser.cdp(ctx.session.id, str(args, "method", true), params as Record<string, unknown>, {
            frameId: str(args, "frame_id", false),
          });
        }),
    },
    {
      acts: true,
      name: "browser_scroll",
      description:
        "Scroll the page (direction and amount in pixels, default most of a screen down) or scroll the element with ref into view.",
      parameters: {
        type: "object",
        properties: {
          direction: { type: "string", enum: [...SCROLL_DIRECTIONS] },
          amount: { type: "number", description: "Pixels to scroll (default 600)" },
          ref: REF,
        },
        additionalProperties: false,
      },
      execute: (args, ctx) =>
        run(() => {
          const direction = str(args, "direction", false);
          if (direction !== undefined && !SCROLL_DIRECTIONS.includes(direction as ScrollDirection))
            throw new DomainError("validation_failed", `direction must be one of ${SCROLL_DIRECTIONS.join(", ")}`);
          return browser.scroll(ctx.session.id, {
            direction: direction as ScrollDirection | undefined,
            amount: num(args, "amount", 1, MAX_SCROLL_PX),
            ref: str(args, "ref", false),
          });
        }, notOk),
    },
    {
      acts: true,
      name: "browser_back",
      description: "Go back one page in the active tab's history.",
      parameters: { type: "object", properties: {}, additionalProperties: false },
      execute: (_args, ctx) => run(() => browser.history(ctx.session.id, "back"), notOk),
    },
    {
      acts: true,
      name: "browser_forward",
      description: "Go forward one page in the active tab's history.",
      parameters: { type: "object", properties: {}, additionalProperties: false },
      execute: (_args, ctx) => run(() => browser.history(ctx.session.id, "forward"), notOk),
    },
    {
      acts: true,
      name: "browser_press",
      description:
        "Press a key (Enter, Escape, Tab, ArrowDown, PageDown, Control+a…) on the element with ref, or on the page.",
      parameters: {
        type: "object",
        properties: { key: { type: "string", description: "Key name as in KeyboardEvent.key" }, ref: REF },
        required: ["key"],
        additionalProperties: false,
      },
      execute: (args, ctx) =>
        run(() => browser.press(ctx.session.id, str(args, "key", true), str(args, "ref", false)), notOk),
    },
    {
      acts: true,
      name: "browser_select",
      description: "Choose options of the <select> with ref, by value or visible label.",
      parameters: {
        type: "object",
        properties: { ref: REF, values: { type: "array", items: { type: "string" }, description: "Values or labels" } },
        required: ["ref", "values"],
        additionalProperties: false,
      },
      execute: (args, ctx) =>
        run(() => browser.select(ctx.session.id, str(args, "ref", true), strings(args, "values")), notOk),
    },
    {
      acts: true,
      name: "browser_hover",
      description: "Move the mouse over the element with ref (menus, tooltips).",
      parameters: { type: "object", properties: { ref: REF }, required: ["ref"], additionalProperties: false },
      execute: (args, ctx) => run(() => browser.hover(ctx.session.id, str(args, "ref", true)), notOk),
    },
    {
      name: "browser_wait",
      description:
        `Wait until text shows on the page or the element with ref is visible (at most time_ms), or just wait time_ms. ` +
        `Never longer than ${MAX_WAIT_MS} ms; returns at once if the page opens a dialog.`,
      parameters: {
        type: "object",
        properties: {
          text: { type: "string", description: "Text to wait for" },
          ref: REF,
          time_ms: { type: "number", description: `Milliseconds, at most ${MAX_WAIT_MS}` },
        },
        additionalProperties: false,
      },
      execute: (args, ctx) =>
        run(() =>
          browser.wait(ctx.session.id, {
            text: str(args, "text", false),
            ref: str(args, "ref", false),
            timeMs: num(args, "time_ms", 0, MAX_WAIT_MS),
          }),
        ),
    },
    {
      name: "browser_screenshot",
      description:
        "A picture of the active tab (the viewport, the whole page with full_page, or one element by ref). Models " +
        "that accept images see it; others get the page's title, URL and an outline excerpt.",
      parameters: {
        type: "object",
        properties: { full_page: { type: "boolean", description: "The whole scrollable page" }, ref: REF },
        additionalProperties: false,
      },
      execute: (args, ctx) => screenshotOutput(browser, ctx.session.id, args),
    },
    {
      name: "browser_console",
      description: "Console messages and exceptions of every tab, newest last; level filters, clear empties it.",
      parameters: {
        type: "object",
        properties: {
          level: { type: "string", enum: ["log", "warning", "error", "exception"] },
          clear: { type: "boolean", description: "Empty the console after reading it" },
        },
        additionalProperties: false,
      },
      execute: (args, ctx) =>
        run(async () => ({
          entries: await browser.console(ctx.session.id, {
            level: str(args, "level", false),
            clear: args.clear === true,
          }),
        })),
    },
    {
      name: "browser_get_images",
      description: "The images of the page: src, alt text and rendered size (at most 100).",
      parameters: { type: "object", properties: {}, additionalProperties: false },
      execute: (_args, ctx) => run(() => browser.images(ctx.session.id)),
    },
    {
      acts: true,
      name: "browser_tabs",
      description:
        "List the tabs (popups and target=_blank links open new ones), open one (optionally at url), switch to one, " +
        "or close one. Actions, snapshots and refs refer to the active tab.",
      parameters: {
        type: "object",
        properties: {
          action: { type: "string", enum: ["list", "open", "switch", "close"] },
          url: { type: "string", description: "For open: the URL to load" },
          tab_id: { type: "string", description: "For switch and close: the tab, e.g. t2" },
        },
        required: ["action"],
        additionalProperties: false,
      },
      execute: (args, ctx) =>
        run(() => {
          const action = str(args, "action", true);
          if (action === "list") return browser.tabs(ctx.session.id, { action });
          if (action === "open") return browser.tabs(ctx.session.id, { action, url: str(args, "url", false) });
          if (action === "switch" || action === "close")
            return browser.tabs(ctx.session.id, { action, tab_id: str(args, "tab_id", true) });
          throw new DomainError("validation_failed", "action must be list, open, switch or close");
        }, notOk),
    },
  ];
  return tools.map(({ acts, ...tool }) => (acts ? acting(browser, tool) : tool));
}
