/**
 * @module web/markdown
 * Markdown as a person reads it: assistant answers and summary bodies are parsed by `marked` (GitHub's flavour) and
 * the HTML sanitized by DOMPurify before it reaches the page, so a model (or a page it read) cannot inject script,
 * styles or event handlers. Links open in a new tab without an opener.
 */
import DOMPurify from "dompurify";
import { marked } from "marked";
import { useMemo } from "preact/hooks";

marked.use({ gfm: true, breaks: true });

/** Tags and attributes a rendered answer may keep: text structure only — no forms, frames, styles or scripts. */
const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "input",
];
const ALLOWED_ATTR = ["href", "title", "type", "checked", "disabled", "align", "start"];

DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
  // GitHub task lists keep their boxes, read-only.
  if (node.tagName === "INPUT") node.setAttribute("disabled", "");
});

/** Markdown to sanitized HTML. */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false });
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/)/i });
}

export function Markdown(props: { text: string; class?: string }) {
  const html = useMemo(() => renderMarkdown(props.text), [props.text]);
  return <div class={`markdown ${props.class ?? ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
