/**
 * @module recovered-provenance
 * Where what the recovery tools (`session_search`, `session_read`, `session_anchors`) read back came from: the
 * server's own data when every row they drew on is trusted (the user's words, the model's answers, the server's
 * results), else the untrusted sources of those rows — a page read again is still the page's.
 */
import type { StoredMessage } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import {
  isTrustedKind,
  provenanceOf,
  trustedProvenance,
  type ContentSource,
  type Provenance,
} from "../../kernel/provenance.js";

/** Rows one answer's provenance reads at most. */
const ROWS_READ = 50;

/** The provenance of content drawn from `rows`: the server's own (`what`), or the untrusted sources among them. */
export function provenanceOfRows(rows: readonly StoredMessage[], what: string): Provenance {
  const seen = new Set<string>();
  const sources: ContentSource[] = [];
  for (const row of rows) {
    if (!row.provenance || row.provenance.trusted) continue;
    for (const source of row.provenance.sources) {
      const key = `${source.kind}|${source.source}|${source.frame_id ?? ""}|${source.dialog_id ?? ""}`;
      if (isTrustedKind(source.kind) || seen.has(key)) continue;
      seen.add(key);
      sources.push(source);
    }
  }
  return sources.length ? provenanceOf(sources) : trustedProvenance(what);
}

/** The provenance of content drawn from the session's rows at `seqs`. */
export async function provenanceOfSeqs(
  store: Store,
  sessionId: string,
  seqs: readonly number[],
  what: string,
): Promise<Provenance> {
  const rows: StoredMessage[] = [];
  for (const seq of [...new Set(seqs)].slice(0, ROWS_READ)) {
    const [row] = await store.messages.page(sessionId, seq - 1, 1);
    if (row) rows.push(row);
  }
  return provenanceOfRows(rows, what);
}
