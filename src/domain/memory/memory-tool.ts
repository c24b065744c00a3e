/**
 * @module memory-tool
 * The agent's `memory` tool in Hermes's shape — `{action: add | replace | remove, target: memory | user, content?,
 * old_text?}`, an entry named for replace and remove by a short unique piece of its text — answering JSON the model
 * reads: the store's usage after a write, or why nothing was written (the store full, with its entries to
 * consolidate; no or several matching entries). What it writes lands in the owner's stores at once and shows in
 * system prompts from the next session on. An entry written after the session read untrusted content carries that
 * content's sources (and the guard holds the call for a person first).
 */
import type { MemoryStoreName } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError } from "../../kernel/errors.js";
import type { ToolDefinition, ToolOutput } from "../shared/tools.js";
import type { EntryAuthor, MemoryStores } from "./memory-stores.js";

/** Untrusted rows read to name an agent entry's provenance. */
const UNTRUSTED_ROWS_READ = 20;

const ACTIONS = ["add", "replace", "remove"] as const;

const answer = (body: Record<string, unknown>, isError = false): ToolOutput => ({
  content: JSON.stringify(body),
  is_error: isError || undefined,
});

export function memoryTool(store: Store, stores: MemoryStores): ToolDefinition {
  const usage = async (owner: string | null, target: MemoryStoreName) => {
    const view = await stores.view(owner, target);
    return { view, usage: `${view.used}/${view.limit} chars` };
  };
  return {
    name: "memory",
    description:
      "Save durable facts that later sessions should know; memory is put into every NEW session's system prompt (this " +
      "session's prompt stays as it started). target 'user': who the user is (name, role, preferences, corrections). " +
      "target 'memory': your notes (environment facts, project conventions, tool quirks, lessons). Save when the user " +
      "states a preference or correction or you learn a stable fact; skip task progress, raw data and what is easy to " +
      "find again (sessions_search finds past conversations). Keep entries short: each store has a character limit, and " +
      "a full store refuses the add and shows its entries so you can replace or remove stale ones first. replace and " +
      "remove name the entry by old_text, a short unique piece of its text.",
    parameters: {
      type: "object",
      properties: {
        action: { type: "string", enum: [...ACTIONS], description: "add, replace or remove" },
        target: {
          type: "string",
          enum: ["memory", "user"],
          description: "'memory' for your notes, 'user' for the user profile",
        },
        content: { type: "string", description: "The entry's text; required for add and replace" },
        old_text: {
          type: "string",
          description: "Required for replace and remove: a short unique piece of the entry's text",
        },
      },
      required: ["action", "target"],
      additionalProperties: false,
    },
    async execute(args, context) {
      const owner = context.session.owner;
      const action = typeof args.action === "string" ? args.action : "";
      const target = args.target === "user" || args.target === "memory" ? args.target : null;
      if (!target) return answer({ success: false, error: "target must be 'memory' or 'user'." }, true);
      if (!(ACTIONS as readonly string[]).includes(action))
        return answer({ success: false, error: `Unknown action '${action}'. Use add, replace or remove.` }, true);
      const content = typeof args.content === "string" ? args.content.trim() : "";
      const oldText = typeof args.old_text === "string" ? args.old_text.trim() : "";
      if (action !== "remove" && !content)
        return answer({ success: false, error: `content is required for '${action}'.` }, true);

      const untrusted = await store.messages.untrustedRows(context.session.id, UNTRUSTED_ROWS_READ);
      const provenance = [
        ...new Set(untrusted.flatMap((row) => (row.provenance?.sources ?? []).map((s) => `${s.kind}:${s.source}`))),
      ];
      const author: EntryAuthor = { source: "agent", sessionId: context.session.id, provenance };
      const before = await usage(owner, target);
      let match = null;
      if (action !== "add") {
        if (!oldText)
          return answer(
            {
              success: false,
              error: `'${action}' needs old_text, a short unique piece of the entry's text.`,
              current_entries: before.view.entries.map((entry) => entry.content),
              usage: before.usage,
            },
            true,
          );
        const matches = before.view.entries.filter((entry) => entry.content.includes(oldText));
        const distinct = new Set(matches.map((entry) => entry.content));
        if (matches.length === 0)
          return answer(
            {
              success: false,
              error: `No entry contains '${oldText}'. Retry with text of one of current_entries.`,
              current_entries: before.view.entries.map((entry) => entry.content),
            },
            true,
          );
        if (distinct.size > 1)
          return answer(
            {
              success: false,
              error: `Several entries contain '${oldText}'. Use a longer, unique piece.`,
              matches: matches.map((entry) => entry.content.slice(0, 80)),
            },
            true,
          );
        match = matches[0];
      }
      try {
        if (action === "add") {
          if (before.view.entries.some((entry) => entry.content === content))
            return answer({ success: true, target, message: "The entry is already there.", usage: before.usage });
          await stores.add(owner, target, content, author);
        } else if (match && action === "replace") await stores.replace(owner, target, match.id, content, author);
        else if (match) await stores.remove(owner, target, match.id);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (error.code === "memory_full") {
          const needed = Number(error.details.needed);
          return answer(
            {
              success: false,
              error:
                `The ${target} store is at ${before.view.used}/${before.view.limit} chars; this would need ${needed}. ` +
                "Nothing was written. Replace entries with shorter ones or remove stale ones (current_entries), then retry.",
              current_entries: before.view.entries.map((entry) => entry.content),
              usage: before.usage,
            },
            true,
          );
        }
        return answer({ success: false, error: error.message }, true);
      }
      const after = await usage(owner, target);
      const verb = action === "add" ? "added" : action === "replace" ? "replaced" : "removed";
      return answer({
        success: true,
        target,
        message: `Entry ${verb}. It shows in system prompts from the next session on; do not repeat this call.`,
        usage: after.usage,
        entry_count: after.view.entries.length,
        ...(provenance.length ? { provenance } : {}),
      });
    },
  };
}
