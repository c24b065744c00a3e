/**
 * @module console-log
 * What a session's pages wrote to their consoles, and the supervisor's own notes (a forbidden document it stopped):
 * the last {@link CONSOLE_HISTORY_MAX} lines, each redacted and cut before it is kept.
 */
import { redactSecrets } from "../../kernel/redaction.js";
import { CONSOLE_HISTORY_MAX, type ConsoleEntry } from "../shared/browser-views.js";

/** How much of one console line is kept. */
const CONSOLE_LINE_MAX_CHARS = 2_000;

export class ConsoleLog {
  private readonly entries: ConsoleEntry[] = [];

  constructor(private readonly now: () => number) {}

  push(level: string, text: string, url: string | null, tabId: string | null = null): void {
    this.entries.push({
      level,
      text: redactSecrets(text).slice(0, CONSOLE_LINE_MAX_CHARS),
      url,
      ts: new Date(this.now()).toISOString(),
      ...(tabId ? { tab_id: tabId } : {}),
    });
    if (this.entries.length > CONSOLE_HISTORY_MAX) this.entries.splice(0, this.entries.length - CONSOLE_HISTORY_MAX);
  }

  list(): ConsoleEntry[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries.length = 0;
  }
}
