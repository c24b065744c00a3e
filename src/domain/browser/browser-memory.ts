/**
 * @module browser-memory
 * How much memory a Chromium we run holds: the resident set of each of its processes (the browser, renderers, GPU,
 * network and storage services), which Chromium lists itself (`SystemInfo.getProcessInfo` on the browser's own CDP
 * session) and Linux reports in /proc. Where /proc cannot tell (another system, a process gone), memory is null.
 */
import { readFileSync } from "node:fs";
import type { CDPSession } from "playwright-core";
import { withTimeout } from "./targets.js";

const PROCESS_INFO_TIMEOUT_MS = 2_000;
const RSS_LINE = /^VmRSS:\s+(\d+)\s+kB$/m;
const BYTES_PER_KB = 1024;

/** A browser's processes: the browser process's id, how many processes it runs, and their resident memory summed. */
export type BrowserMemory = { pid: number | null; processes: number; rss_bytes: number | null };

/** The resident memory of one process in bytes, from /proc; null when it cannot be read. */
export function residentBytes(pid: number): number | null {
  try {
    const match = RSS_LINE.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * BYTES_PER_KB : null;
  } catch {
    return null;
  }
}

/** The processes the browser behind `browserSession` runs, and their memory. */
export async function browserMemory(browserSession: CDPSession): Promise<BrowserMemory> {
  const { processInfo } = (await withTimeout(
    browserSession.send("SystemInfo.getProcessInfo"),
    PROCESS_INFO_TIMEOUT_MS,
    "SystemInfo.getProcessInfo",
  )) as { processInfo: Array<{ type: string; id: number }> };
  // A renderer may end between the listing and the read; it holds nothing then. No readable process: not this system's.
  const sizes = processInfo.map((process) => residentBytes(process.id)).filter((bytes) => bytes !== null);
  return {
    pid: processInfo.find((process) => process.type === "browser")?.id ?? null,
    processes: processInfo.length,
    rss_bytes: sizes.length > 0 ? sizes.reduce((sum, bytes) => sum + bytes, 0) : null,
  };
}
