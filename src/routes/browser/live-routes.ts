/**
 * @module live-routes
 * The browser for people: a screenshot (PNG), a live view (CDP screencast, as SSE frames or multipart JPEG), a
 * person's input to take over for a login or a CAPTCHA, and the cookies and local storage as Playwright storage
 * state, to export and import.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { sseResponse, type SseFrame } from "../../http/sse.js";
import { jsonBody } from "../shared/json-content.js";
import { IdempotencyHeaders, SessionIdParam } from "../shared/params.js";
import { problemResponses, RESPONSE_HEADERS } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import {
  InputBody,
  InputResultSchema,
  ScreencastFrameSchema,
  ScreencastQuery,
  ScreenshotQuery,
  StorageStateSchema,
} from "./schemas.js";
import { requires } from "../../http/route-access.js";

const MJPEG_BOUNDARY = "caduceus-frame";
const SCREENCAST_DEFAULTS = { quality: 60, maxWidth: 1280, maxHeight: 720 };

const screenshotRoute = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/browser/screenshot",
  operationId: "getBrowserScreenshot",
  security: requires("browser"),
  tags: ["browser"],
  summary: "A PNG of the active tab: the viewport, the whole page, or one frame",
  description:
    "Starts the browser if it is not running. With `frame_id`, only that frame (an out-of-process iframe too). While " +
    "a dialog blocks the page it answers 409 page_blocked_by_dialog at once, naming the dialog.",
  request: { params: SessionIdParam, query: ScreenshotQuery },
  responses: {
    200: {
      description: "The PNG",
      headers: { "X-Request-Id": RESPONSE_HEADERS.requestId },
      content: { "image/png": { schema: z.string().openapi({ format: "binary", description: "PNG bytes" }) } },
    },
    ...problemResponses({
      codes: ["not_found", "frame_not_found", "page_blocked_by_dialog", "url_not_allowed", "browser_unavailable"],
    }),
  },
});

const screencastRoute = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/browser/screencast",
  operationId: "streamBrowserScreencast",
  security: requires("browser"),
  tags: ["browser"],
  summary: "A live view of the active tab (CDP screencast)",
  description:
    "`format=sse` (default): `event: frame` frames whose data is a base64 JPEG with its metadata (viewport size and " +
    "scroll, for turning a click on the picture into POST /browser/input coordinates). `format=mjpeg`: " +
    "multipart/x-mixed-replace JPEG parts, shown live by an <img> tag. A frame is sent when the page paints; each is " +
    "acknowledged when it is sent, and only the newest unsent one is kept, so a slow viewer gets fewer frames, never " +
    "stale ones. The screencast stops when the client leaves. The browser must be running (409 browser_unavailable " +
    "otherwise: navigate first).",
  request: { params: SessionIdParam, query: ScreencastQuery },
  responses: {
    200: {
      description: "Frames until the client leaves",
      content: {
        "text/event-stream": { schema: ScreencastFrameSchema },
        [`multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}`]: {
          schema: z.string().openapi({ format: "binary", description: "JPEG parts" }),
        },
      },
    },
    ...problemResponses({ codes: ["not_found", "browser_unavailable"] }),
  },
});

const inputRoute = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/browser/input",
  operationId: "sendBrowserInput",
  security: requires("browser"),
  tags: ["browser"],
  summary: "A person's click, typing, key or scroll on the active tab; take over and release",
  description:
    "For a login or a CAPTCHA the agent cannot do. The first input takes the browser over (`browser.takeover` " +
    'event): until `{"type": "release"}` or two minutes without input (`browser.released`), the agent\'s browser ' +
    "actions answer it with browser_taken_over and it waits. Coordinates are CSS pixels of the viewport, as the " +
    "screencast metadata gives them. Returns at once with `dialog_opened` if the input opens a dialog.",
  request: {
    params: SessionIdParam,
    headers: IdempotencyHeaders,
    body: { required: true, content: jsonBody(InputBody, { type: "click", x: 640, y: 360 }) },
  },
  responses: {
    200: postAnswer("Where the page is now", InputResultSchema),
    ...problemResponses({
      codes: ["not_found", "browser_unavailable", "browser_timeout"],
      body: true,
      idempotent: true,
    }),
  },
});

const getStorageStateRoute = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/browser/storage-state",
  operationId: "getBrowserStorageState",
  security: requires("browser"),
  tags: ["browser"],
  summary: "Export the browser's cookies and local storage (Playwright storage state)",
  description:
    "Starts the browser if it is not running (with a `browser.profile`, that is the profile's saved logins). The " +
    "answer holds session cookies: treat it as a secret.",
  request: { params: SessionIdParam },
  responses: {
    200: jsonAnswer("The storage state", StorageStateSchema),
    ...problemResponses({ codes: ["not_found", "browser_unavailable", "browser_timeout", "profile_busy"] }),
  },
});

const putStorageStateRoute = createRoute({
  method: "put",
  path: "/v1/sessions/{id}/browser/storage-state",
  operationId: "putBrowserStorageState",
  security: requires("browser"),
  tags: ["browser"],
  summary: "Import cookies and local storage, replacing the browser's own",
  description:
    "Takes what GET /browser/storage-state (or Playwright's `storageState()`) gave. The browser's cookies and local " +
    "storage are cleared first; with a `browser.profile` the result is kept in the profile. Answers with the state " +
    "as the browser now holds it.",
  request: {
    params: SessionIdParam,
    body: {
      required: true,
      content: jsonBody(StorageStateSchema, {
        cookies: [
          {
            name: "sid",
            value: "s3cr3t",
            domain: "localhost",
            path: "/",
            expires: 1893456000,
            httpOnly: true,
            secure: false,
            sameSite: "Lax",
          },
        ],
        origins: [{ origin: "http://localhost:8000", localStorage: [{ name: "theme", value: "dark" }] }],
      }),
    },
  },
  responses: {
    200: jsonAnswer("The storage state now", StorageStateSchema),
    ...problemResponses({
      codes: ["not_found", "browser_unavailable", "browser_timeout", "profile_busy"],
      body: true,
    }),
  },
});

async function* sseFrames(frames: AsyncGenerator<{ jpeg: Buffer; metadata: object }>): AsyncGenerator<SseFrame> {
  for await (const frame of frames)
    yield { event: "frame", data: JSON.stringify({ data: frame.jpeg.toString("base64"), metadata: frame.metadata }) };
}

/**
 * Each frame is followed at once by the next boundary and the next part's headers: a browser's <img> shows a part
 * only once it has read that far (it does not go by Content-Length), so a page that painted once would otherwise
 * never show. The parts carry no Content-Length, as the next frame's size is not known when its headers go out.
 */
function mjpegResponse(frames: AsyncGenerator<{ jpeg: Buffer }>, stop: () => void): Response {
  const encoder = new TextEncoder();
  const partHead = `--${MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\n\r\n`;
  let opened = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await frames.next();
      if (next.done) {
        controller.close();
        return;
      }
      if (!opened) controller.enqueue(encoder.encode(partHead));
      opened = true;
      controller.enqueue(new Uint8Array(next.value.jpeg));
      controller.enqueue(encoder.encode(`\r\n${partHead}`));
    },
    cancel() {
      stop();
      void frames.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": `multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}`,
      "Cache-Control": "no-cache, no-store",
      "X-Accel-Buffering": "no",
    },
  });
}

export function browserLiveRoutes() {
  const router = createRouter();
  router.openapi(screenshotRoute, async (c) => {
    const { id } = c.req.valid("param");
    const query = c.req.valid("query");
    const shot = await c
      .get("services")
      .browsers.screenshot(id, { fullPage: query.full_page === "true", frameId: query.frame_id });
    return c.body(new Uint8Array(shot.png), 200, { "Content-Type": "image/png", "Cache-Control": "no-store" });
  });
  router.openapi(screencastRoute, async (c) => {
    const { id } = c.req.valid("param");
    const query = c.req.valid("query");
    const { browsers, sseKeepaliveMs } = c.get("services");
    const leaving = new AbortController();
    const stop = () => leaving.abort();
    c.req.raw.signal.addEventListener("abort", stop, { once: true });
    const frames = await browsers.screencast(
      id,
      {
        quality: query.quality ?? SCREENCAST_DEFAULTS.quality,
        maxWidth: query.max_width ?? SCREENCAST_DEFAULTS.maxWidth,
        maxHeight: query.max_height ?? SCREENCAST_DEFAULTS.maxHeight,
      },
      leaving.signal,
    );
    if (query.format === "mjpeg") return mjpegResponse(frames, stop);
    return sseResponse(sseFrames(frames), { keepaliveMs: sseKeepaliveMs, onCancel: stop });
  });
  router.openapi(inputRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").browsers.input(id, c.req.valid("json")), 200);
  });
  router.openapi(getStorageStateRoute, async (c) => {
    return c.json(await c.get("services").browsers.storageState(c.req.valid("param").id), 200);
  });
  router.openapi(putStorageStateRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await c.get("services").browsers.setStorageState(id, c.req.valid("json")), 200);
  });
  return router;
}
