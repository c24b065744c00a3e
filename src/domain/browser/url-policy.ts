/**
 * @module url-policy
 *
 * Which URLs the session's browser may show (SPEC §6.1). Two rules, because URLs arrive two ways:
 *
 * - A URL a client or the model names (browser/navigate, CDP `Page.navigate`) must be http(s) or
 *   `about:blank`; `file:` only with `browser.allow_file_urls` in the server config. It is checked
 *   before the browser is asked, so a refusal is a clear 400 and nothing starts loading.
 * - A document the browser commits on its own (a redirect, `window.open`, a link, a target created
 *   through some other channel) is checked again inside the browser by the supervisor. There the
 *   web's own schemes stay allowed — `data:` and `blob:` frames are ordinary on real sites, and
 *   `chrome-error:` is the page Chromium shows for a load we blocked — while the browser's own and
 *   local schemes (`file:`, `chrome:`, `devtools:`, `view-source:`, `filesystem:`, extensions…)
 *   never get to run, because any of them shows the server's disk or the browser's internals to
 *   whoever can evaluate in the page.
 */
import { DomainError, type FieldPath } from "../../kernel/errors.js";

const NAVIGABLE_SCHEMES = new Set(["http:", "https:"]);

/** Schemes a document may have inside the browser, besides `file:` when the server allows it. */
const DOCUMENT_SCHEMES = new Set(["http:", "https:", "data:", "blob:", "chrome-error:"]);

/** The only `about:` documents there are on the web: the empty page and an iframe's srcdoc. */
const ABOUT_DOCUMENTS = new Set(["about:blank", "about:srcdoc"]);

/**
 * Requests failed inside the browser (a CDP Fetch pattern, on the browser-wide session: see
 * target-guard). `file:` is the one local scheme that goes through request interception — in this
 * Chromium it pauses every file navigation, browser-initiated ones (`Page.navigate`,
 * `Target.createTarget`) included, until it is answered; the other local schemes are stopped when
 * their navigation starts or commits (see {@link isDocumentUrlAllowed}).
 */
export const FILE_REQUEST_PATTERN = "file://*";

export function assertUrlAllowed(url: string, allowFileUrls: boolean, field: FieldPath = ["url"]): void {
  // The URL standard would turn it into U+FFFD silently, and the page the browser loads would not be the one named.
  if (LONE_SURROGATE.test(url))
    throw new DomainError("validation_failed", "the URL contains a lone surrogate (half of a UTF-16 pair)", {
      fields: [{ path: field, message: "must be well-formed Unicode: a lone surrogate cannot be part of a URL" }],
    });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DomainError("validation_failed", `"${url}" is not an absolute URL`, {
      fields: [{ path: field, message: "must be an absolute http(s) URL" }],
    });
  }
  if (NAVIGABLE_SCHEMES.has(parsed.protocol) || url === "about:blank") return;
  if (parsed.protocol === "file:" && allowFileUrls) return;
  const fix = parsed.protocol === "file:" ? " or set browser.allow_file_urls in the server config" : "";
  throw new DomainError("url_not_allowed", `${parsed.protocol} URLs are not allowed; use http(s)${fix}`, {
    fields: [{ path: field, message: `the ${parsed.protocol} scheme is not allowed` }],
  });
}

/** A UTF-16 surrogate without its other half: text no URL (and no UTF-8) can carry. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** CDP commands that load a URL: the raw escape hatch must not get around the scheme rule. */
const URL_LOADING_CDP_METHODS = new Set(["Page.navigate", "Target.createTarget"]);

export function assertCdpUrlAllowed(method: string, params: Record<string, unknown>, allowFileUrls: boolean): void {
  if (!URL_LOADING_CDP_METHODS.has(method) || typeof params.url !== "string") return;
  // Target.createTarget opens about:blank for an empty URL.
  if (method === "Target.createTarget" && params.url === "") return;
  assertUrlAllowed(params.url, allowFileUrls, ["params", "url"]);
}

/**
 * Whether a document with this URL may load (and stay) in the browser. A string with no scheme is
 * no document at all: a frame not navigated yet reports "", and a child rendered in another process
 * shows up in its parent's frame tree as ":".
 */
export function isDocumentUrlAllowed(url: string, allowFileUrls: boolean): boolean {
  if (ABOUT_DOCUMENTS.has(url.replace(/[?#].*$/, ""))) return true;
  const colon = url.indexOf(":");
  if (colon <= 0) return true;
  const scheme = url.slice(0, colon + 1).toLowerCase();
  return DOCUMENT_SCHEMES.has(scheme) || (scheme === "file:" && allowFileUrls);
}

/** The scheme of a URL, for messages ("file:"); the whole string when it has none. */
export function schemeOf(url: string): string {
  const colon = url.indexOf(":");
  return colon > 0 ? url.slice(0, colon + 1).toLowerCase() : url;
}
