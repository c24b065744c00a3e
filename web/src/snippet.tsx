/**
 * @module web/snippet
 * Search snippets as a person reads them: the server marks each match in [brackets] inside the row's raw text; the
 * markdown around it (emphasis, code ticks, headings, links) is stripped, and the matches are shown as <mark>. A
 * bracketed span is a match only when it holds one of the query's words, so a literal "[ref=e1]" stays text.
 */
import type { ComponentChildren } from "preact";

/** The snippet's text with markdown syntax taken out; `[match]` markers are kept. */
export function stripMarkdown(text: string): string {
  return (
    text
      // Images and links keep their text: ![alt](src) → alt, [text](url) → text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\((?:[^)]*)\)/g, "$1")
      .replace(/^\s{0,3}#{1,6}\s+/gm, "")
      .replace(/^\s{0,3}>\s?/gm, "")
      .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, "")
      .replace(/```[a-z]*\n?/gi, "")
      .replace(/`([^`]*)`/g, "$1")
      .replace(/(\*\*|__)(?=\S)([^*_]*?\S)\1/g, "$2")
      .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?!\w)/g, "$1$2")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The query's words, lowercased, as the matches are compared with them. */
function wordsOf(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
}

/** A snippet with its `[match]` markers as <mark>, its markdown stripped. */
export function Snippet(props: { text: string; query: string }) {
  const words = wordsOf(props.query);
  const text = stripMarkdown(props.text);
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[([^[\]]+)\]/g)) {
    const inner = match[1].toLowerCase();
    if (!words.some((word) => inner.includes(word) || word.includes(inner))) continue;
    parts.push(text.slice(last, match.index));
    parts.push(<mark key={match.index}>{match[1]}</mark>);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <span class="snippet">{parts}</span>;
}

/** `text` with every case-insensitive occurrence of `query` as <mark> (anchor values, session titles). */
export function Highlight(props: { text: string; query: string }) {
  const needle = props.query.trim().toLowerCase();
  if (!needle) return <>{props.text}</>;
  const parts: ComponentChildren[] = [];
  const lower = props.text.toLowerCase();
  let at = 0;
  for (let found = lower.indexOf(needle); found >= 0; found = lower.indexOf(needle, at)) {
    parts.push(props.text.slice(at, found));
    parts.push(<mark key={found}>{props.text.slice(found, found + needle.length)}</mark>);
    at = found + needle.length;
  }
  parts.push(props.text.slice(at));
  return <>{parts}</>;
}
