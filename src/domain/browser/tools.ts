/**
 * @module tools
 * The browser tools offered to the model (SPEC §4.2), over the operations the browser registry provides.
 */
import type { ToolDefinition, ToolOutput } from "../agent/tools.js";
import { DomainError } from "../../kernel/errors.js";
import type { DialogAction } from "./types.js";

/** The browser operations the tools call, per session; the browser registry implements them. */
export type BrowserOperations = {
  navigate(sessionId: string, url: string): Promise<unknown>;
  snapshotWithOutline(sessionId: string): Promise<unknown>;
  click(sessionId: string, ref: string): Promise<unknown>;
  type(sessionId: string, ref: string, text: string, submit: boolean): Promise<unknown>;
  respond(sessionId: string, action: DialogAction, promptText?: string, dialogId?: string): Promise<unknown>;
  cdp(
    sessionId: string,
    method: string,
    params: Record<string, unknown>,
    options: { frameId?: string },
  ): Promise<unknown>;
};

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
async function run(fn: () => Promise<unknown>, failed: (data: unknown) => boolean = () => false): Promise<ToolOutput> {
  try {
    const data = await fn();
    return output(data, failed(data));
  } catch (error) {
    if (error instanceof DomainError)
      return output({ ok: false, error: error.message, code: error.code, ...error.details }, true);
    return output({ ok: false, error: (error as Error).message.split("\n")[0] }, true);
  }
}

const notOk = (data: unknown) => (data as { ok?: boolean }).ok === false;

/** The browser tools offered to the model (SPEC §4.2). */
export function createBrowserTools(registry: BrowserOperations): ToolDefinition[] {
  return [
    {
      name: "browser_navigate",
      description:
        "Open a URL in the session's browser (starts it if needed). Returns at once with the dialog if the page opens one.",
      parameters: {
        type: "object",
        properties: { url: { type: "string", description: "Absolute http(s) URL" } },
        required: ["url"],
        additionalProperties: false,
      },
      execute: (args, ctx) => run(() => registry.navigate(ctx.session.id, str(args, "url", true)), notOk),
    },
    {
      name: "browser_snapshot",
      description:
        "The browser state: pending and recent dialogs, the frame tree (with out-of-process iframes), console output, and an " +
        "accessibility outline whose [ref=…] values (also inside iframes) are what browser_click and browser_type take.",
      parameters: { type: "object", properties: {}, additionalProperties: false },
      execute: (_args, ctx) => run(() => registry.snapshotWithOutline(ctx.session.id)),
    },
    {
      name: "browser_click",
      description: "Click the element with this ref from the latest browser_snapshot outline.",
      parameters: {
        type: "object",
        properties: { ref: { type: "string", description: "Element ref, e.g. e12 or f2e5" } },
        required: ["ref"],
        additionalProperties: false,
      },
      execute: (args, ctx) => run(() => registry.click(ctx.session.id, str(args, "ref", true)), notOk),
    },
    {
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
          () => registry.type(ctx.session.id, str(args, "ref", true), str(args, "text", true), args.submit === true),
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
          return registry.respond(
            ctx.session.id,
            action,
            str(args, "prompt_text", false),
            str(args, "dialog_id", false),
          );
        }),
    },
    {
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
          return registry.cdp(ctx.session.id, str(args, "method", true), params as Record<string, unknown>, {
            frameId: str(args, "frame_id", false),
          });
        }),
    },
  ];
}
