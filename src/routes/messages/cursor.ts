/**
 * @module cursor
 * The cursor of the transcript: the seq the next page starts after, and the check a client's decoded cursor must
 * pass before it reaches the domain.
 */

export type SeqCursor = { seq: number };

export const isSeqCursor = (v: unknown): v is SeqCursor =>
  typeof v === "object" && v !== null && Number.isInteger((v as SeqCursor).seq);
