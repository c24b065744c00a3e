/**
 * @module origins
 * Which web origins the guard trusts as targets: those the user's and the system prompt's own words name (a URL, a
 * host with a port, a bare domain), those the operator lists in `agent.guard.trusted_origins`, and — for where the
 * browser goes next — the page it is on. An origin is named loosely, as people write it: `example.com` covers http
 * and https on their default ports (and `www.`), `localhost:3000` that port on either scheme, `*.example.com` the
 * subdomains.
 */
import { TRUSTED_ORIGIN_PATTERN } from "../../config/guard-schema.js";
import { canonicalHost } from "./config-policy.js";

/** An origin as named: a host and a port (null: the default ports of http and https). */
export type OriginRef = {
  host: string;
  port: number | null;
  /** `*.host`: the host's subdomains (and the host itself). */
  subdomains: boolean;
};

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/** The URL, when it is an absolute http(s) one. */
export function httpUrl(value: string, base?: string): URL | null {
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** `scheme://host:port` of an http(s) URL, or null. */
export function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  return httpUrl(value)?.origin ?? null;
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol];
}

/** Whether `url` is at the origin `ref` names. */
export function refMatches(ref: OriginRef, url: URL): boolean {
  const host = canonicalHost(url.hostname);
  const sameHost =
    host === ref.host ||
    host === `www.${ref.host}` ||
    `www.${host}` === ref.host ||
    (ref.subdomains && host.endsWith(`.${ref.host}`));
  if (!sameHost) return false;
  const port = portOf(url);
  // A named default port covers the other scheme's default too (http://example.com moves to https all the time); a
  // named port is that port, on either scheme.
  return ref.port === null ? port === 80 || port === 443 : port === ref.port;
}

/** A configured entry (`https://host:port`, `host:port`, `host`, `*.host`) as an origin reference; null if it is none. */
export function parseOriginEntry(entry: string): OriginRef | null {
  const match = TRUSTED_ORIGIN_PATTERN.exec(entry.trim());
  if (!match) return null;
  const [, scheme, wildcard, host, port] = match;
  const explicit = port === undefined ? null : Number(port);
  const isDefault = scheme !== undefined && explicit === DEFAULT_PORTS[`${scheme.toLowerCase()}:`];
  return { host: canonicalHost(host), port: isDefault ? null : explicit, subdomains: wildcard !== undefined };
}

function refOfUrl(url: URL): OriginRef {
  // URL drops a port that is its scheme's default: what is left is a port of its own.
  return { host: canonicalHost(url.hostname), port: url.port ? Number(url.port) : null, subdomains: false };
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`)\]}]+/gi;
const HOST_WITH_PORT =
  /\b(localhost|\d{1,3}(?:\.\d{1,3}){3}|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24}):(\d{2,5})\b/gi;
const BARE_DOMAIN = /(?<![@\w.-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,24}))(?![\w-])/gi;
const BARE_LOCALHOST = /\blocalhost\b/i;

/** Endings of file names, which read like domains (`notes.md`, `report.pdf`) but are none. */
const FILE_ENDINGS: ReadonlySet<string> = new Set(
  (
    "pdf html htm json js mjs cjs ts tsx jsx txt md png jpg jpeg gif svg webp css csv xml yaml yml zip gz tar py rb " +
    "go rs java sh exe log ini toml lock sql doc docx xls xlsx ppt pptx env conf cfg bak tmp php c h cpp"
  ).split(" "),
);

/** The origins a text names: its URLs, its `host:port`s, its bare domains (`docs.example.com`) and `localhost`. */
export function namedOrigins(text: string): OriginRef[] {
  const refs: OriginRef[] = [];
  for (const [raw] of text.matchAll(URL_IN_TEXT)) {
    const url = httpUrl(raw.replace(/[.,;:!?]+$/, ""));
    if (url) refs.push(refOfUrl(url));
  }
  const withoutUrls = text.replace(URL_IN_TEXT, " ");
  for (const [, host, port] of withoutUrls.matchAll(HOST_WITH_PORT))
    refs.push({ host: canonicalHost(host), port: Number(port), subdomains: false });
  for (const [, domain, ending] of withoutUrls.matchAll(BARE_DOMAIN)) {
    if (FILE_ENDINGS.has(ending.toLowerCase()) || /^\d+$/.test(ending)) continue;
    refs.push({ host: canonicalHost(domain), port: null, subdomains: false });
  }
  if (BARE_LOCALHOST.test(withoutUrls)) refs.push({ host: "localhost", port: null, subdomains: false });
  return refs;
}

/** Why a target is trusted, or null when it is not. */
export type TrustReason = "named" | "configured" | "current_page";

/**
 * The origins a session's guard trusts: named in the user's or the system prompt's words, configured by the operator,
 * and (for navigation) the current page's.
 */
export class OriginTrust {
  constructor(
    private readonly named: readonly OriginRef[],
    private readonly configured: readonly OriginRef[],
  ) {}

  static from(words: readonly string[], configured: readonly string[]): OriginTrust {
    return new OriginTrust(
      words.flatMap(namedOrigins),
      configured.flatMap((entry) => parseOriginEntry(entry) ?? []),
    );
  }

  /** Why `url` is a trusted target (the current page's origin counts when given), or null. */
  reasonFor(target: string | URL, currentPage: string | null = null): TrustReason | null {
    const url = typeof target === "string" ? httpUrl(target) : target;
    if (!url) return null;
    if (this.named.some((ref) => refMatches(ref, url))) return "named";
    if (this.configured.some((ref) => refMatches(ref, url))) return "configured";
    if (currentPage !== null && originOf(currentPage) === url.origin) return "current_page";
    return null;
  }

  /** Whether the user or the operator named `url`'s origin (the current page does not count). */
  names(target: string | URL): boolean {
    const reason = this.reasonFor(target);
    return reason === "named" || reason === "configured";
  }
}
