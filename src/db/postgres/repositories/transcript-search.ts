/**
 * @module transcript-search
 * Full-text search over a session's whole transcript on PostgreSQL, answering what the SQLite FTS5 index
 * (../../repositories/transcript-search.ts) answers: every whitespace-separated term of the free text must match as
 * a phrase of words (so `src/app.ts`, `ENOSPC` or `#1234` are found as written), a short hex term is a prefix, case
 * and diacritics do not count. Rows are matched through messages.search_vector (split into words the way FTS5 splits
 * them, see the first migration), ranked by ts_rank_cd, and given a snippet built the way FTS5's snippet() builds
 * one, with `[`/`]` around the hits.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SearchAllScope, TranscriptSearchRepository } from "../../store.js";
import type { OwnerFilter, SearchHit, SessionSearchHit } from "../../records.js";
import type { PgConnection } from "../connection.js";

/** A commit SHA cut short, as people type them (`git log --oneline` shows 7). */
const SHA_PREFIX = /^[0-9a-f]{6,39}$/i;

/** Tokens a snippet shows at most (FTS5's own limit): enough to read a line of context around the match. */
const SNIPPET_TOKENS = 64;

/**
 * A tsvector keeps word positions up to 16383 (piling every later word on that last one) and 256 positions of a word
 * at most, so a phrase it cannot confirm is checked on the row's words themselves; in a row of fewer characters (so
 * fewer words) a phrase it does confirm is there.
 */
const LAST_EXACT_POSITION = 16383;

/** The terms of the free text, split as SQLite's toFtsQuery splits them: none that has no letter or digit. */
function termsOf(input: string): string[] {
  return input.split(/[\s\p{Cc}]+/u).filter((term) => /[\p{L}\p{N}]/u.test(term));
}

/** Whether the row matches the term: its words, in a row, or (a short hex term) a word that starts with it. */
function termMatch(term: string): SQL {
  if (SHA_PREFIX.test(term)) return sql`m.search_vector @@ to_tsquery('simple', ${`${term.toLowerCase()}:*`})`;
  const words = sql`caduceus_search_words(${term})`;
  const all = sql`plainto_tsquery('simple', ${words})`;
  return sql`(m.search_vector @@ ${all} and (numnode(${all}) = 1
    or char_length(m.search_text) <= ${LAST_EXACT_POSITION} and m.search_vector @@ phraseto_tsquery('simple', ${words})
    or strpos(' ' || lower(caduceus_search_words(m.search_text)) || ' ', ' ' || lower(btrim(${words})) || ' ') > 0))`;
}

/** Every term's phrase at once, for ranking. */
function rankQuery(terms: string[]): SQL {
  const phrases = terms.map((term) =>
    SHA_PREFIX.test(term)
      ? sql`to_tsquery('simple', ${`${term.toLowerCase()}:*`})`
      : sql`phraseto_tsquery('simple', caduceus_search_words(${term}))`,
  );
  return sql.join(phrases, sql` && `);
}

type HitRow = {
  seq: number;
  message_id: string;
  role: string;
  in_context: boolean;
  kind: string;
  search_text: string;
  rank: number;
  created_at: string | number;
};

export class PgTranscriptSearchRepository implements TranscriptSearchRepository {
  constructor(private readonly conn: PgConnection) {}

  /** Every session's transcript at once, best hits first. */
  async searchAll(
    text: string,
    limit: number,
    owner: OwnerFilter = null,
    within: SearchAllScope = {},
  ): Promise<SessionSearchHit[]> {
    const terms = termsOf(text);
    if (terms.length === 0) return [];
    const result = await this.conn.exec.execute<HitRow & { session_id: string; session_title: string | null }>(sql`
      select m.session_id, s.title as session_title, m.seq, m.id as message_id, m.role, m.in_context, m.kind,
             m.search_text, 0 - ts_rank_cd(m.search_vector, ${rankQuery(terms)}, 1) as rank, m.created_at
      from messages m
      join sessions s on s.id = m.session_id
      where ${sql.join(terms.map(termMatch), sql` and `)}
        ${owner ? sql`and s.owner is not distinct from ${owner.owner}` : sql``}
        ${within.sessionId === undefined ? sql`` : sql`and m.session_id = ${within.sessionId}`}
      order by rank, m.created_at desc
      limit ${limit} offset ${within.offset ?? 0}`);
    const matchers = terms.map(matcherOf);
    return result.rows.map((row) => ({
      session_id: row.session_id,
      session_title: row.session_title,
      ...toHit(row, matchers),
    }));
  }

  async search(
    sessionId: string,
    text: string,
    options: { role?: string | null; limit: number },
  ): Promise<SearchHit[]> {
    const terms = termsOf(text);
    if (terms.length === 0) return [];
    const role = options.role ?? null;
    const result = await this.conn.exec.execute<HitRow>(sql`
      select m.seq, m.id as message_id, m.role, m.in_context, m.kind,
             m.search_text, 0 - ts_rank_cd(m.search_vector, ${rankQuery(terms)}, 1) as rank, m.created_at
      from messages m
      where m.session_id = ${sessionId} ${role === null ? sql`` : sql`and m.role = ${role}`}
        and ${sql.join(terms.map(termMatch), sql` and `)}
      order by rank, m.seq desc
      limit ${options.limit}`);
    const matchers = terms.map(matcherOf);
    return result.rows.map((row) => toHit(row, matchers));
  }
}

function toHit(row: HitRow, matchers: Matcher[]): SearchHit {
  return {
    seq: row.seq,
    message_id: row.message_id,
    role: row.role,
    in_context: row.in_context,
    kind: row.kind,
    snippet: snippetOf(row.search_text, matchers),
    rank: row.rank,
    // bigint: the driver answers it as a string.
    created_at: Number(row.created_at),
  };
}

/** A word of the text: where it is, and how it compares (case and diacritics folded). */
type Token = { start: number; end: number; folded: string };

/** A term as the snippet looks for it: its words in a row, the last one a prefix for a short hex term. */
type Matcher = { words: string[]; prefix: boolean };

/** Letters that carry no combining mark to strip, folded as unaccent folds them. */
const LETTER_FOLDS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th" };

const fold = (word: string) =>
  word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßæœøłđðþ]/gu, (letter) => LETTER_FOLDS[letter] ?? letter);

/** The words as FTS5's unicode61 tokenizer finds them: runs of letters, digits (and their marks). */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}\p{Co}]+/gu)) {
    tokens.push({ start: match.index, end: match.index + match[0].length, folded: fold(match[0]) });
  }
  return tokens;
}

function matcherOf(term: string): Matcher {
  if (SHA_PREFIX.test(term)) return { words: [term.toLowerCase()], prefix: true };
  return { words: tokenize(term).map((token) => token.folded), prefix: false };
}

/** A phrase's occurrence: which term, at which word, over how many words. */
type Instance = { phrase: number; pos: number; size: number };

function instancesOf(tokens: Token[], matchers: Matcher[]): Instance[] {
  const found: Instance[] = [];
  matchers.forEach(({ words, prefix }, phrase) => {
    if (words.length === 0) return;
    for (let pos = 0; pos + words.length <= tokens.length; pos++) {
      const at = (j: number) =>
        prefix && j === words.length - 1
          ? tokens[pos + j].folded.startsWith(words[j])
          : tokens[pos + j].folded === words[j];
      if (words.every((_, j) => at(j))) found.push({ phrase, pos, size: words.length });
    }
  });
  return found.sort((a, b) => a.pos - b.pos || a.phrase - b.phrase);
}

/** The words a "sentence" starts at, as FTS5 finds them: the first, and any after a `.` or `:` and white space. */
function sentenceStarts(text: string, tokens: Token[]): number[] {
  const starts: number[] = [];
  tokens.forEach((token, pos) => {
    if (pos === 0) return starts.push(0);
    let i = token.start - 1;
    let c = "";
    for (; i >= 0; i--) {
      c = text[i];
      if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") break;
    }
    if (i !== token.start - 1 && (c === "." || c === ":")) starts.push(pos);
  });
  return starts;
}

/**
 * FTS5's snippet(): the window of SNIPPET_TOKENS words holding the most distinct terms (a window starting a sentence
 * preferred), `…` where the text goes on beyond it, each hit (overlapping ones merged) in brackets.
 */
function snippetOf(text: string, matchers: Matcher[]): string {
  const tokens = tokenize(text);
  const instances = instancesOf(tokens, matchers);
  const starts = sentenceStarts(text, tokens);
  const windowSize = SNIPPET_TOKENS;

  const scoreAt = (from: number) => {
    const seen = new Set<number>();
    let score = 0;
    let first = -1;
    let last = 0;
    for (const instance of instances) {
      if (instance.pos < from || instance.pos >= from + windowSize) continue;
      score += seen.has(instance.phrase) ? 1 : 1000;
      seen.add(instance.phrase);
      if (first < 0) first = instance.pos;
      last = instance.pos + instance.size;
    }
    // Centres the hits in the window, kept inside the text.
    let adjusted = first - Math.trunc((windowSize - (last - first)) / 2);
    if (adjusted + windowSize > tokens.length) adjusted = tokens.length - windowSize;
    return { score, start: Math.max(adjusted, 0) };
  };

  let bestScore = 0;
  let bestStart = 0;
  for (const { pos } of instances) {
    const centred = scoreAt(pos);
    if (centred.score > bestScore) ({ score: bestScore, start: bestStart } = centred);
    if (starts.length > 0 && tokens.length > windowSize) {
      let j = 0;
      while (j < starts.length - 1 && starts[j + 1] <= pos) j++;
      if (starts[j] < pos) {
        const score = scoreAt(starts[j]).score + (starts[j] === 0 ? 120 : 100);
        if (score > bestScore) [bestScore, bestStart] = [score, starts[j]];
      }
    }
  }

  const hits: Array<{ start: number; end: number }> = [];
  for (const { pos, size } of instances) {
    const previous = hits[hits.length - 1];
    if (previous && pos <= previous.end) previous.end = Math.max(previous.end, pos + size - 1);
    else hits.push({ start: pos, end: pos + size - 1 });
  }

  const rangeEnd = bestStart + windowSize - 1;
  let out = bestStart > 0 ? "…" : "";
  let offset = 0;
  let open = false;
  let h = 0;
  while (h < hits.length && hits[h].start < bestStart) h++;
  for (let pos = bestStart; pos <= Math.min(rangeEnd, tokens.length - 1); pos++) {
    const token = tokens[pos];
    if (bestStart > 0 && pos === bestStart) offset = token.start;
    const hit = hits[h];
    if (open && (!hit || pos <= hit.start) && token.start > offset) {
      out += "]";
      open = false;
    }
    if (hit && pos === hit.start && !open) {
      out += `${text.slice(offset, token.start)}[`;
      offset = token.start;
      open = true;
    }
    if (hit && pos === hit.end) {
      if (!open) out += "[";
      open = true;
      out += text.slice(offset, token.end);
      offset = token.end;
      h++;
    }
    if (pos === rangeEnd) {
      if (open) {
        const next = hits[h];
        if (next && pos >= next.start) {
          out += text.slice(offset, token.end);
          offset = token.end;
        }
        out += "]";
        open = false;
      }
      out += text.slice(offset, token.end);
      offset = token.end;
    }
  }
  if (open) out += "]";
  return out + (rangeEnd >= tokens.length - 1 ? text.slice(offset) : "…");
}
