/**
 * @module forks
 * Copying the start of one session's transcript into another, new, session on PostgreSQL: the rows up to a seq (same
 * seqs, new ids), their tool-call index and images, the summary versions written within them and the anchors first
 * seen in them, with the copy's active context as the source's was at that point and its counters recounted. Behaves
 * as the SQLite repository (../../repositories/forks.ts) does; its comments say why each step is what it is.
 */
import { sql } from "drizzle-orm";
import { newId } from "../../../kernel/ids.js";
import type { ForkRepository } from "../../store.js";
import type { PgConnection } from "../connection.js";

type CopiedRow = { id: string; seq: number };
type SummaryRow = { id: string; version: number; to_seq: number; message_id: string | null };

export class PgForkRepository implements ForkRepository {
  constructor(private readonly conn: PgConnection) {}

  /**
   * Copies `sourceId`'s rows with `seq <= uptoSeq` into `targetId` (a session with no rows yet). Answers how many
   * rows were copied. Joins the caller's transaction, or runs in one of its own.
   */
  async copyTranscript(sourceId: string, targetId: string, uptoSeq: number, now: number): Promise<number> {
    return this.conn.transaction(async () => {
      const exec = this.conn.exec;
      const rows = (
        await exec.execute<CopiedRow>(
          sql`select id, seq from messages where session_id = ${sourceId} and seq <= ${uptoSeq} order by seq`,
        )
      ).rows;
      const newIds = new Map(rows.map((row) => [row.id, newId("msg", now)]));
      // search_vector is generated from search_text: copying search_text rebuilds it.
      await exec.execute(sql`
        insert into messages (id, session_id, seq, role, content_json, tool_calls_json, tool_call_id, name, tokens,
          in_context, kind, position, override_json, override_tokens, search_text, run_id, reasoning, provenance_json,
          untrusted, created_at)
        select copy.new_id, ${targetId}, m.seq, m.role, m.content_json, m.tool_calls_json, m.tool_call_id, m.name,
          m.tokens, m.in_context, m.kind, m.position, m.override_json, m.override_tokens, m.search_text, null,
          m.reasoning, m.provenance_json, m.untrusted, m.created_at
        from messages m
        join unnest(${sql.param([...newIds.keys()])}::text[], ${sql.param([...newIds.values()])}::text[])
          as copy(old_id, new_id) on m.id = copy.old_id
        order by m.seq`);
      await exec.execute(sql`
        insert into tool_calls (session_id, call_id, message_seq, name)
        select ${targetId}, call_id, message_seq, name from tool_calls
        where session_id = ${sourceId} and message_seq <= ${uptoSeq}`);
      await exec.execute(sql`
        insert into message_images (session_id, id, seq, ordinal, mime_type, bytes, byte_length, width, height,
          created_at)
        select ${targetId}, id, seq, ordinal, mime_type, bytes, byte_length, width, height, created_at
        from message_images where session_id = ${sourceId} and seq <= ${uptoSeq}`);

      // Summary versions whose summary row is among the copied rows.
      const allSummaries = (
        await exec.execute<SummaryRow>(
          sql`select id, version, to_seq, message_id from summaries where session_id = ${sourceId} order by version`,
        )
      ).rows;
      const summaries = allSummaries.filter((s) => s.message_id !== null && newIds.has(s.message_id));
      if (summaries.length > 0) {
        await exec.execute(sql`
          insert into summaries (id, session_id, version, body, from_seq, to_seq, tokens_before, tokens_after, model,
            focus_topic, fallback_used, message_id, created_at)
          select copy.new_id, ${targetId}, s.version, s.body, s.from_seq, s.to_seq, s.tokens_before, s.tokens_after,
            s.model, s.focus_topic, s.fallback_used, copy.message_id, s.created_at
          from summaries s
          join unnest(
            ${sql.param(summaries.map((s) => s.id))}::text[],
            ${sql.param(summaries.map(() => newId("sum", now)))}::text[],
            ${sql.param(summaries.map((s) => newIds.get(s.message_id!)!))}::text[]
          ) as copy(old_id, new_id, message_id) on s.id = copy.old_id
          order by s.version`);
      }

      // The context at the fork point: forked before a later compression, that compression is undone in the copy.
      const newest = summaries.at(-1);
      const latest = allSummaries.at(-1)?.id;
      if (!newest || newest.id !== latest) {
        const coveredTo = newest ? newest.to_seq : 0;
        await exec.execute(sql`
          update messages set in_context = true, override_json = null, override_tokens = null
          where session_id = ${targetId} and kind = 'message' and seq > ${coveredTo}`);
        const keep = newest ? newIds.get(newest.message_id!)! : "";
        await exec.execute(sql`
          update messages set in_context = (id = ${keep}),
            position = case when id = ${keep} and position > ${coveredTo} then ${coveredTo} + 0.5 else position end
          where session_id = ${targetId} and kind = 'summary'`);
      }

      await exec.execute(sql`
        insert into message_anchors (session_id, seq, kind, value)
        select ${targetId}, seq, kind, value from message_anchors where session_id = ${sourceId} and seq <= ${uptoSeq}`);
      await exec.execute(sql`
        insert into anchors (session_id, kind, value, count, first_seq, last_seq)
        select ${targetId}, kind, value, count, first_seq, least(last_seq, ${uptoSeq})
        from anchors where session_id = ${sourceId} and first_seq <= ${uptoSeq}`);

      await exec.execute(sql`
        update sessions set
          next_seq = coalesce((select max(seq) from messages where session_id = ${targetId}), 0) + 1,
          message_count = (select count(*) from messages where session_id = ${targetId}),
          context_tokens = (select coalesce(sum(coalesce(override_tokens, tokens)), 0) from messages
                            where session_id = ${targetId} and in_context),
          context_message_count = (select count(*) from messages where session_id = ${targetId} and in_context),
          compression_count = (select count(*) from summaries where session_id = ${targetId}),
          anchors_indexed = (select anchors_indexed from sessions where id = ${sourceId}),
          updated_at = ${now}
        where id = ${targetId}`);
      return rows.length;
    });
  }
}
