/**
 * @module forks
 * Copying the start of one session's transcript into another, new, session: the rows up to a seq (same seqs, new
 * ids), their tool-call index and images (same image ids, so the copied rows' references hold), the summary versions
 * written within them and the anchors first seen in them. The
 * copy's active context is what the source's was at that point: rows a later compression took out (whose summary is
 * not copied) are back in, and only the newest copied summary stands for the rows it covers. Counters are recounted.
 */
import type Database from "better-sqlite3";
import { newId } from "../../kernel/ids.js";
import type { ActiveContextCache } from "../active-context-cache.js";
import type { ForkRepository, Sync } from "../store.js";

type CopiedRow = { id: string; seq: number; kind: "message" | "summary" };
type SummaryRow = { id: string; version: number; to_seq: number; message_id: string | null };

export class SqliteForkRepository implements Sync<ForkRepository> {
  constructor(
    private readonly sqlite: Database.Database,
    private readonly activeContext: ActiveContextCache,
  ) {}

  /**
   * Copies `sourceId`'s rows with `seq <= uptoSeq` into `targetId` (a session with no rows yet). Answers how many
   * rows were copied. Run inside the caller's transaction.
   */
  copyTranscript(sourceId: string, targetId: string, uptoSeq: number, now: number): number {
    const db = this.sqlite;
    this.activeContext.invalidate(targetId);
    const rows = db
      .prepare("select id, seq, kind from messages where session_id = ? and seq <= ? order by seq")
      .all(sourceId, uptoSeq) as CopiedRow[];
    const copyRow = db.prepare(`
      insert into messages (id, session_id, seq, role, content_json, tool_calls_json, tool_call_id, name, tokens,
        in_context, kind, position, override_json, override_tokens, search_text, run_id, reasoning, provenance_json,
        untrusted, created_at)
      select @newId, @targetId, seq, role, content_json, tool_calls_json, tool_call_id, name, tokens,
        in_context, kind, position, override_json, override_tokens, search_text, null, reasoning, provenance_json,
        untrusted, created_at
      from messages where id = @oldId`);
    const newIds = new Map<string, string>();
    for (const row of rows) {
      const id = newId("msg", now);
      newIds.set(row.id, id);
      copyRow.run({ newId: id, targetId, oldId: row.id });
    }
    db.prepare(
      `insert into tool_calls (session_id, call_id, message_seq, name)
       select ?, call_id, message_seq, name from tool_calls where session_id = ? and message_seq <= ?`,
    ).run(targetId, sourceId, uptoSeq);
    db.prepare(
      `insert into message_images (session_id, id, seq, ordinal, mime_type, bytes, byte_length, width, height, created_at)
       select ?, id, seq, ordinal, mime_type, bytes, byte_length, width, height, created_at
       from message_images where session_id = ? and seq <= ?`,
    ).run(targetId, sourceId, uptoSeq);

    // Summary versions whose summary row is among the copied rows.
    const summaries = (
      db
        .prepare("select id, version, to_seq, message_id from summaries where session_id = ? order by version")
        .all(sourceId) as SummaryRow[]
    ).filter((s) => s.message_id !== null && newIds.has(s.message_id));
    const copySummary = db.prepare(`
      insert into summaries (id, session_id, version, body, from_seq, to_seq, tokens_before, tokens_after, model,
        focus_topic, fallback_used, message_id, created_at)
      select @newId, @targetId, version, body, from_seq, to_seq, tokens_before, tokens_after, model, focus_topic,
        fallback_used, @messageId, created_at
      from summaries where id = @oldId`);
    for (const summary of summaries) {
      copySummary.run({
        newId: newId("sum", now),
        targetId,
        messageId: newIds.get(summary.message_id!)!,
        oldId: summary.id,
      });
    }

    // The context at the fork point. Holding the source's newest summary, the copy's context is the source's as it is
    // (a summary merged into a tail row stays merged). Forked before a later compression, that compression is undone in
    // the copy: the rows after the newest copied summary are back in, unshortened, and that summary stands for the
    // rest — as a row of its own, placed just before them, even where it had been merged into one.
    const newest = summaries.at(-1);
    const latest = (
      db.prepare("select id from summaries where session_id = ? order by version desc limit 1").get(sourceId) as
        { id: string } | undefined
    )?.id;
    if (!newest || newest.id !== latest) {
      const coveredTo = newest ? newest.to_seq : 0;
      db.prepare(
        `update messages set in_context = 1, override_json = null, override_tokens = null
         where session_id = ? and kind = 'message' and seq > ?`,
      ).run(targetId, coveredTo);
      db.prepare(
        `update messages set in_context = case when id = @keep then 1 else 0 end,
           position = case when id = @keep and position > @after then @after + 0.5 else position end
         where session_id = @session and kind = 'summary'`,
      ).run({ keep: newest ? newIds.get(newest.message_id!)! : "", after: coveredTo, session: targetId });
    }

    db.prepare(
      "insert into message_anchors (session_id, seq, kind, value) select ?, seq, kind, value from message_anchors where session_id = ? and seq <= ?",
    ).run(targetId, sourceId, uptoSeq);
    db.prepare(
      `insert into anchors (session_id, kind, value, count, first_seq, last_seq)
       select ?, kind, value, count, first_seq, min(last_seq, ?) from anchors where session_id = ? and first_seq <= ?`,
    ).run(targetId, uptoSeq, sourceId, uptoSeq);

    db.prepare(
      `update sessions set
         next_seq = coalesce((select max(seq) from messages where session_id = @id), 0) + 1,
         message_count = (select count(*) from messages where session_id = @id),
         context_tokens = (select coalesce(sum(coalesce(override_tokens, tokens)), 0) from messages
                           where session_id = @id and in_context = 1),
         context_message_count = (select count(*) from messages where session_id = @id and in_context = 1),
         compression_count = (select count(*) from summaries where session_id = @id),
         -- A source whose rows are not all in message_anchors yet leaves the copy to be indexed on its first read.
         anchors_indexed = (select anchors_indexed from sessions where id = @source),
         updated_at = @now
       where id = @id`,
    ).run({ id: targetId, source: sourceId, now });
    return rows.length;
  }
}
