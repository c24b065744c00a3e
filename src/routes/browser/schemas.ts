/**
 * @module schemas
 * The browser's wire shapes: dialogs (pending and closed), the frame tree, the snapshot, the navigate, evaluate,
 * CDP and dialog-answer requests and results, and the success body of each browser operation.
 */
import { z } from "@hono/zod-openapi";

const DialogType = z
  .enum(["alert", "confirm", "prompt", "beforeunload"])
  .openapi({ description: "Kind of JavaScript dialog", example: "confirm" });
const FrameId = z
  .string()
  .nullable()
  .openapi({ description: "CDP frame id of the frame that raised it", example: "5EF34BB9E22DCFAFBB8821B30CF5C621" });

export const PendingDialogSchema = z
  .object({
    id: z.string().openapi({ description: "Dialog id, increasing per browser supervisor", example: "d-1" }),
    type: DialogType,
    message: z.string().openapi({ description: "Dialog text (secrets masked)", example: "Delete this item?" }),
    default_prompt: z.string().openapi({ description: "Default text of a prompt() (secrets masked)", example: "" }),
    opened_at: z.string().openapi({ description: "When it opened (ISO 8601)", example: "2026-01-01T12:00:00.000Z" }),
    frame_id: FrameId,
    via: z
      .enum(["native", "bridge"])
      .openapi({ description: "native: a real JS dialog; bridge: held as an intercepted request", example: "native" }),
    expires_at: z
      .string()
      .nullable()
      .openapi({
        description:
          "When the must_respond watchdog dismisses it if nobody answers (browser.dialog_timeout_s after it opened); " +
          "null under auto_dismiss or auto_accept",
        example: "2026-01-01T12:05:00.000Z",
      }),
  })
  .openapi("PendingDialog", { description: "A dialog blocking a frame until it is answered" });

export const ClosedDialogSchema = z
  .object({
    id: z.string().openapi({ description: "Dialog id", example: "d-1" }),
    type: DialogType,
    message: z.string().openapi({ description: "Dialog text (secrets masked)", example: "Saved" }),
    opened_at: z.string().openapi({ description: "When it opened", example: "2026-01-01T12:00:00.000Z" }),
    closed_at: z.string().openapi({ description: "When it closed", example: "2026-01-01T12:00:02.000Z" }),
    closed_by: z.enum(["agent", "user", "auto_policy", "watchdog", "remote"]).openapi({
      description:
        "agent: answered by the agent's browser_dialog tool; user: answered by a person or client (POST " +
        "/dialogs/respond, the interrupts route, the inspector); auto_policy: by dialog_policy; watchdog: timed out; " +
        "remote: closed by the browser",
      example: "agent",
    }),
    frame_id: FrameId,
    action: z
      .enum(["accept", "dismiss"])
      .nullable()
      .openapi({ description: "How it was answered; null when the browser closed it", example: "accept" }),
  })
  .openapi("ClosedDialog", { description: "A dialog from the persisted history" });

const FrameEntry = z
  .object({
    frame_id: z.string().openapi({ description: "CDP frame id", example: "C01F90E73142278092C168237637BA15" }),
    url: z.string().openapi({ description: "Frame URL", example: "http://127.0.0.1:8000/middle" }),
    origin: z.string().openapi({ description: "Security origin", example: "http://127.0.0.1:8000" }),
    is_oopif: z
      .boolean()
      .openapi({ description: "Whether it renders out of process, with its own CDP session", example: true }),
    parent_frame_id: z
      .string()
      .nullable()
      .openapi({ description: "Parent frame", example: "79C635AC5AC7647DD654AC2D6711C105" }),
    name: z.string().optional().openapi({ description: "The iframe's name attribute", example: "cross" }),
    session_id: z
      .string()
      .optional()
      .openapi({ description: "The supervisor's CDP session for this OOPIF (OOPIFs only)", example: "oopif-1" }),
  })
  .openapi("FrameEntry");

export const FrameTreeSchema = z
  .object({
    top: z
      .object({
        frame_id: z
          .string()
          .openapi({ description: "CDP frame id of the top frame", example: "79C635AC5AC7647DD654AC2D6711C105" }),
        url: z.string().openapi({ description: "Top frame URL", example: "http://localhost:8000/four-frames" }),
        origin: z.string().openapi({ description: "Top frame origin", example: "http://localhost:8000" }),
      })
      .nullable()
      .openapi({
        description: "The top frame; null without a browser",
        example: {
          frame_id: "79C635AC5AC7647DD654AC2D6711C105",
          url: "http://localhost:8000/four-frames",
          origin: "http://localhost:8000",
        },
      }),
    children: z.array(FrameEntry).openapi({ description: "Child frames, breadth-first, at most 30" }),
    truncated: z.boolean().openapi({
      description: "True when frames were left out (over 30, or OOPIFs deeper than 2 levels)",
      example: false,
    }),
  })
  .openapi("FrameTree");

export const TabSchema = z
  .object({
    tab_id: z.string().openapi({ description: "Tab id, stable while the browser runs", example: "t1" }),
    url: z.string().openapi({ description: "URL the tab shows", example: "http://localhost:8000/four-frames" }),
    title: z.string().nullable().openapi({ description: "Last known title", example: "Four frames" }),
    active: z.boolean().openapi({ description: "Whether actions and the outline refer to this tab", example: true }),
  })
  .openapi("BrowserTab");

export const SnapshotSchema = z
  .object({
    active: z.boolean().openapi({ description: "Whether the session's browser is running", example: true }),
    url: z
      .string()
      .nullable()
      .openapi({ description: "URL of the page", example: "http://localhost:8000/four-frames" }),
    title: z.string().nullable().openapi({ description: "Title of the page", example: "Four frames" }),
    pending_dialogs: z.array(PendingDialogSchema).openapi({ description: "Dialogs waiting for an answer" }),
    recent_dialogs: z
      .array(ClosedDialogSchema)
      .openapi({ description: "The last 20 closed dialogs, newest first (kept across restarts)" }),
    frame_tree: FrameTreeSchema,
    console: z
      .array(
        z.object({
          level: z.string().openapi({ description: "log, warning, error or exception", example: "error" }),
          text: z.string().openapi({ description: "Message text", example: "bad thing" }),
          url: z.string().nullable().openapi({ description: "Script URL", example: null }),
          ts: z.string().openapi({ description: "When it was logged", example: "2026-01-01T12:00:00.000Z" }),
          tab_id: z.string().optional().openapi({ description: "The tab it came from", example: "t1" }),
        }),
      )
      .openapi({ description: "The last 50 console messages and exceptions" }),
    active_tab_id: z
      .string()
      .nullable()
      .openapi({ description: "The tab actions, the outline and frame_tree refer to", example: "t1" }),
    tabs: z.array(TabSchema).openapi({ description: "Every tab: popups and target=_blank pages included" }),
    taken_over: z.boolean().openapi({
      description: "Whether a person holds the browser (POST /browser/input); the agent's actions wait until release",
      example: false,
    }),
  })
  .openapi("BrowserSnapshot");

export const NavigateBody = z
  .object({
    url: z
      .string()
      .min(1)
      .max(8_192)
      .openapi({ description: "Absolute http(s) URL, or about:blank", example: "http://localhost:8000/four-frames" }),
  })
  .strict()
  .openapi("NavigateRequest");

export const ActionResultSchema = z
  .object({
    ok: z.boolean().openapi({ description: "False when the navigation failed (the error says why)", example: true }),
    url: z
      .string()
      .nullable()
      .openapi({ description: "URL after the action", example: "http://localhost:8000/four-frames" }),
    title: z.string().nullable().openapi({ description: "Page title", example: "Four frames" }),
    pending_dialogs: z.array(PendingDialogSchema).openapi({ description: "Dialogs waiting for an answer" }),
    dialog_opened: PendingDialogSchema.optional().openapi({
      description: "The dialog the action opened; the action returned without waiting for the page",
    }),
    error: z
      .string()
      .optional()
      .openapi({ description: "Why the action failed", example: "net::ERR_CONNECTION_REFUSED" }),
  })
  .openapi("BrowserActionResult");

const FrameIdParam = z.string().min(1).max(64).optional();

export const EvaluateBody = z
  .object({
    expression: z
      .string()
      .min(1)
      .max(100_000)
      .openapi({ description: "JavaScript expression; promises are awaited", example: "document.title" }),
    frame_id: FrameIdParam.openapi({
      description: "CDP frame id from frame_tree (any frame); the top frame when omitted",
      example: "C01F90E73142278092C168237637BA15",
    }),
  })
  .strict()
  .openapi("EvaluateRequest");

const EvaluateValueSchema = z
  .object({
    ok: z.literal(true).openapi({ description: "The expression ran", example: true }),
    result: z.unknown().openapi({ description: "The value, serialized as JSON", example: "Four frames" }),
    result_type: z.string().openapi({ description: "JS type of the value", example: "string" }),
  })
  .openapi("EvaluateValue", { description: "The expression's value" });

const EvaluateFailureSchema = z
  .object({
    ok: z.literal(false).openapi({ description: "The expression threw, or the frame is blocked", example: false }),
    error: z
      .string()
      .openapi({ description: "The exception or why it could not run", example: "ReferenceError: x is not defined" }),
    pending_dialogs: z.array(PendingDialogSchema).optional().openapi({ description: "Dialogs that block the frame" }),
  })
  .openapi("EvaluateFailure", { description: "Why the expression gave no value" });

export const EvaluateResultSchema = z
  .union([EvaluateValueSchema, EvaluateFailureSchema])
  .openapi("EvaluateResult", { description: "The value, or the exception; narrow on `ok`" });

export const CdpBody = z
  .object({
    method: z
      .string()
      .min(3)
      .max(200)
      .regex(/^[A-Za-z]+\.[A-Za-z]+$/)
      .openapi({ description: "CDP method", example: "Runtime.evaluate" }),
    params: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ description: "CDP parameters", example: { expression: "location.origin", returnByValue: true } }),
    frame_id: FrameIdParam.openapi({
      description: "CDP frame id of an out-of-process iframe; its own session runs the call",
      example: "C01F90E73142278092C168237637BA15",
    }),
    timeout_ms: z.number().int().min(100).max(120_000).optional().openapi({
      description: "How long to wait for the browser's answer before 504 browser_timeout (default 30000)",
      example: 30_000,
    }),
  })
  .strict()
  .openapi("CdpRequest");

export const CdpResultSchema = z
  .object({
    method: z.string().openapi({ description: "The method called", example: "Runtime.evaluate" }),
    frame_id: z.string().nullable().openapi({
      description: "The frame it ran in; null for the page session",
      example: "C01F90E73142278092C168237637BA15",
    }),
    session_id: z
      .string()
      .nullable()
      .openapi({ description: "The OOPIF session used; null for the page session", example: "oopif-1" }),
    result: z.unknown().openapi({
      description: "The CDP result",
      example: { result: { type: "string", value: "http://127.0.0.1:8000" } },
    }),
  })
  .openapi("CdpResult");

export const RespondBody = z
  .object({
    action: z.enum(["accept", "dismiss"]).openapi({ description: "How to answer", example: "accept" }),
    prompt_text: z
      .string()
      .max(100_000)
      .optional()
      .openapi({ description: "What prompt() returns when accepted", example: "Ada" }),
    dialog_id: z
      .string()
      .min(1)
      .max(32)
      .optional()
      .openapi({ description: "Required when several dialogs are pending", example: "d-1" }),
  })
  .strict()
  .openapi("DialogRespondRequest");

export const RespondResultSchema = z
  .object({
    ok: z.literal(true).openapi({ description: "Always true on success", example: true }),
    dialog: PendingDialogSchema,
  })
  .openapi("DialogRespondResult");

/** GET /v1/sessions/{id}/snapshot. */
export type GetSnapshotResponse = z.infer<typeof SnapshotSchema>;
/** POST /v1/sessions/{id}/browser/navigate. */
export type NavigateResponse = z.infer<typeof ActionResultSchema>;
/** POST /v1/sessions/{id}/browser/evaluate. */
export type EvaluateResponse = z.infer<typeof EvaluateResultSchema>;
/** POST /v1/sessions/{id}/browser/cdp. */
export type CdpResponse = z.infer<typeof CdpResultSchema>;
/** POST /v1/sessions/{id}/dialogs/respond. */
export type RespondDialogResponse = z.infer<typeof RespondResultSchema>;

export const ScreenshotQuery = z.object({
  full_page: z
    .enum(["true", "false"])
    .optional()
    .openapi({
      param: { name: "full_page", in: "query" },
      description: "The whole scrollable page instead of the viewport",
      example: "false",
    }),
  frame_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({
      param: { name: "frame_id", in: "query" },
      description: "Only this frame (an out-of-process iframe too), by its CDP frame id from frame_tree",
      example: "4F1C0E8B9D2A",
    }),
});

export const ScreencastQuery = z.object({
  format: z
    .enum(["sse", "mjpeg"])
    .optional()
    .openapi({
      param: { name: "format", in: "query" },
      description:
        "sse (default): `event: frame` with base64 JPEG and metadata; mjpeg: multipart/x-mixed-replace JPEG, " +
        "which an <img> tag shows as it is",
      example: "sse",
    }),
  quality: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .openapi({ param: { name: "quality", in: "query" }, description: "JPEG quality (default 60)", example: 60 }),
  max_width: z.coerce
    .number()
    .int()
    .min(64)
    .max(4096)
    .optional()
    .openapi({
      param: { name: "max_width", in: "query" },
      description: "Largest frame width (default 1280)",
      example: 1280,
    }),
  max_height: z.coerce
    .number()
    .int()
    .min(64)
    .max(4096)
    .optional()
    .openapi({
      param: { name: "max_height", in: "query" },
      description: "Largest frame height (default 720)",
      example: 720,
    }),
});

export const ScreencastFrameSchema = z
  .object({
    data: z.string().openapi({ description: "The frame, a base64 JPEG", example: "/9j/4AAQSkZJRgABAQ…" }),
    metadata: z
      .object({
        device_width: z.number().openapi({ description: "Viewport width in CSS pixels", example: 1280 }),
        device_height: z.number().openapi({ description: "Viewport height in CSS pixels", example: 720 }),
        page_scale_factor: z.number().openapi({ description: "Page zoom", example: 1 }),
        offset_top: z.number().openapi({ description: "Top offset of the viewport in CSS pixels", example: 0 }),
        scroll_offset_x: z.number().openapi({ description: "Horizontal scroll in CSS pixels", example: 0 }),
        scroll_offset_y: z.number().openapi({ description: "Vertical scroll in CSS pixels", example: 240 }),
        timestamp: z
          .number()
          .nullable()
          .openapi({ description: "When the frame was painted (seconds since the epoch)", example: 1764600000.5 }),
      })
      .openapi("ScreencastFrameMetadata", {
        description: "What the frame shows; click coordinates are CSS pixels of it",
      }),
  })
  .openapi("ScreencastFrame");

const Coordinate = (description: string, example: number) =>
  z.number().min(-100_000).max(100_000).openapi({ description, example });

export const InputBody = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("click").openapi({ description: "Click at a point of the viewport", example: "click" }),
        x: Coordinate("CSS pixels from the viewport's left edge", 640),
        y: Coordinate("CSS pixels from the viewport's top edge", 360),
        button: z
          .enum(["left", "right", "middle"])
          .optional()
          .openapi({ description: "Mouse button (default left)", example: "left" }),
        click_count: z
          .number()
          .int()
          .min(1)
          .max(3)
          .optional()
          .openapi({ description: "2 for a double click", example: 1 }),
      })
      .strict()
      .openapi("ClickInput"),
    z
      .object({
        type: z.literal("type").openapi({ description: "Type text where the focus is", example: "type" }),
        text: z.string().min(1).max(10_000).openapi({ description: "The text", example: "alice@example.com" }),
      })
      .strict()
      .openapi("TypeInput"),
    z
      .object({
        type: z.literal("key").openapi({ description: "Press a key", example: "key" }),
        key: z.string().min(1).max(64).openapi({ description: "Key name as in KeyboardEvent.key", example: "Enter" }),
      })
      .strict()
      .openapi("KeyInput"),
    z
      .object({
        type: z.literal("scroll").openapi({ description: "Turn the mouse wheel", example: "scroll" }),
        dx: Coordinate("Horizontal pixels", 0),
        dy: Coordinate("Vertical pixels (positive scrolls down)", 400),
      })
      .strict()
      .openapi("ScrollInput"),
    z
      .object({
        type: z.literal("release").openapi({ description: "Hand the browser back to the agent", example: "release" }),
      })
      .strict()
      .openapi("ReleaseInput"),
  ])
  .openapi("BrowserInput", {
    description: "One input of a person at the controls; the first takes the browser over from the agent",
  });

export const InputResultSchema = ActionResultSchema.extend({
  taken_over: z
    .boolean()
    .openapi({ description: "Whether a person holds the browser now (false after release)", example: true }),
}).openapi("BrowserInputResult");

const CookieSchema = z
  .object({
    name: z.string().max(4_096).openapi({ description: "Cookie name", example: "sid" }),
    value: z.string().max(16_384).openapi({ description: "Cookie value", example: "s3cr3t" }),
    domain: z
      .string()
      .min(1)
      .max(255)
      .openapi({ description: "Domain (leading dot: subdomains too)", example: "localhost" }),
    path: z.string().min(1).max(1_024).openapi({ description: "Path", example: "/" }),
    expires: z.number().openapi({ description: "Unix time in seconds; -1 for a session cookie", example: 1893456000 }),
    httpOnly: z.boolean().openapi({ description: "Hidden from page scripts", example: true }),
    secure: z.boolean().openapi({ description: "Sent over https only", example: false }),
    sameSite: z.enum(["Strict", "Lax", "None"]).openapi({ description: "SameSite attribute", example: "Lax" }),
  })
  .strict()
  .openapi("StorageStateCookie");

export const StorageStateSchema = z
  .object({
    cookies: z.array(CookieSchema).max(10_000).openapi({ description: "Every cookie of the browser context" }),
    origins: z
      .array(
        z
          .object({
            origin: z
              .string()
              .url()
              .max(2_048)
              .openapi({ description: "An http(s) origin", example: "http://localhost:8000" }),
            localStorage: z
              .array(
                z
                  .object({
                    name: z.string().max(4_096).openapi({ description: "Key", example: "theme" }),
                    value: z.string().max(1_000_000).openapi({ description: "Value", example: "dark" }),
                  })
                  .strict()
                  .openapi("StorageStateEntry"),
              )
              .max(10_000)
              .openapi({ description: "The origin's local storage" }),
          })
          .strict()
          .openapi("StorageStateOrigin"),
      )
      .max(1_000)
      .openapi({ description: "Local storage per origin" }),
  })
  .strict()
  .openapi("StorageState", {
    description: "Cookies and local storage in Playwright's storage-state JSON (what `storageState()` writes)",
  });
