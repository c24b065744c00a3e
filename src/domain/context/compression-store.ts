/**
 * @module compression-store
 * What one compression changes, written in one transaction (SPEC §5.2, §5.6): the summary rows, the rows leaving
 * the context, shortened views, recomputed totals, the summary version, anchors, the compression count and the
 * anti-thrashing state. Also the engine state a compression that changed nothing leaves behind.
 */
import type { SessionRecord, SummaryRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { newId } from "../../kernel/ids.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { contentText } from "../../kernel/text.js";
import type { CompressionPlan } from "./compression-plan.js";
import type { EngineCompressResult } from "./engine.js";
import { readEngineState, recordCompression, type EngineState } from "./engine-state.js";

export type CompressionRecord = {
  /** Transcript rows (not earlier summaries) leaving the context, in seq order. */
  compactedSeqs: number[];
  summary: EngineCompressResult["summary"] | null;
  anchors: NonNullable<EngineCompressResult["anchors"]>;
  focusTopic: string | null;
  tokensBefore: number;
  now: number;
  summarizerState: EngineState;
};

export type PersistedCompression = { tokensAfter: number; summary: SummaryRecord | null; anchorsAdded: number };

export class CompressionStore {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  persist(session: SessionRecord, plan: CompressionPlan, input: CompressionRecord): Promise<PersistedCompression> {
    const { store } = this;
    const sessionId = session.id;
    return store.transaction(async () => {
      const summaryRows = plan.newRows.map(({ item, position, tokens }) => ({
        id: newId("msg", input.now),
        role: item.role,
        content: item.content,
        tokens,
        search_text: redactSecrets(contentText(item.content)),
        kind: "summary" as const,
        in_context: true,
        position,
      }));
      if (input.summary && summaryRows.length === 0) {
        // The summary was merged into a tail message; the transcript still records it as a row of its own.
        summaryRows.push({
          id: newId("msg", input.now),
          role: "user",
          content: input.summary.body,
          tokens: 0,
          search_text: redactSecrets(input.summary.body),
          kind: "summary",
          in_context: false,
          position: Number.MAX_SAFE_INTEGER,
        });
      }
      const appended = summaryRows.length ? await store.messages.append(sessionId, summaryRows, input.now) : [];
      await store.contextRows.setInContext(sessionId, plan.removedSeqs, false);
      for (const change of plan.overrides)
        await store.contextRows.setOverride(sessionId, change.seq, change.override, change.tokens);
      const totals = await store.messages.recomputeContextTotals(sessionId);
      const tokensAfter = totals.tokens + session.system_prompt_tokens;
      let summary: SummaryRecord | null = null;
      if (input.summary) {
        const version = ((await store.summaries.latest(sessionId))?.version ?? 0) + 1;
        const covered = input.compactedSeqs;
        summary = await store.summaries.insert(sessionId, {
          id: newId("sum", input.now),
          version,
          body: input.summary.body,
          covers: { from_seq: covered[0] ?? 0, to_seq: covered[covered.length - 1] ?? 0 },
          tokens_before: input.tokensBefore,
          tokens_after: tokensAfter,
          model: input.summary.model,
          focus_topic: input.focusTopic,
          fallback_used: input.summary.fallback_used,
          message_id: appended[0]?.id ?? null,
          created_at: input.now,
        });
      }
      const anchorsAdded = await store.anchors.upsert(
        sessionId,
        input.anchors.map((a) => ({ ...a, value: redactSecrets(a.value) })),
      );
      await store.sessions.incrementCompressionCount(sessionId);
      const state = recordCompression(input.summarizerState, input.summary?.fallback_used ?? false, input.now);
      await store.sessions.update(sessionId, { engine_state: { ...state } }, input.now);
      return { tokensAfter, summary, anchorsAdded };
    });
  }

  /**
   * Stores the summary model's state (cooldowns, failure counts) when an attempt changed it; compared and written in
   * one transaction, so the comparison is with the state the write replaces.
   */
  saveState(sessionId: string, state: EngineState): Promise<void> {
    const { store } = this;
    return store.transaction(async () => {
      await store.sessions.lock(sessionId);
      const session = await store.sessions.get(sessionId);
      if (!session) return;
      const current = readEngineState(session.engine_state);
      if (JSON.stringify(current) === JSON.stringify(state)) return;
      await store.sessions.update(sessionId, { engine_state: { ...state } }, this.now());
    });
  }
}
