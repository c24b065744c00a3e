/**
 * @module web/json-tree
 * Tool arguments and results as a JSON tree: objects and arrays fold under a button (aria-expanded), values are
 * coloured by type, keys and strings keep their quotes so what is shown reads as the JSON it is. Text that is not
 * JSON is shown as it is. The first two levels open by themselves; long arrays and objects show their first entries
 * and a button for the rest.
 */
import { ChevronDown, ChevronRight } from "lucide-preact";
import { useState } from "preact/hooks";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const OPEN_DEPTH = 2;
const SHOWN_ENTRIES = 50;

/** The parsed JSON of `text`, or undefined when it is not JSON (or is a bare string or number). */
export function parseJson(text: string): Json | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return undefined;
  try {
    return JSON.parse(trimmed) as Json;
  } catch {
    return undefined;
  }
}

/** A JSON text as a tree; any other text as preformatted text. */
export function JsonText(props: { text: string; label: string }) {
  const value = parseJson(props.text);
  if (value === undefined) return <pre class="plain-result">{props.text}</pre>;
  return <JsonTree value={value} label={props.label} />;
}

export function JsonTree(props: { value: unknown; label: string }) {
  return (
    <div class="json-tree" role="group" aria-label={props.label}>
      <Node value={props.value as Json} depth={0} last />
    </div>
  );
}

function Scalar(props: { value: null | boolean | number | string }) {
  const { value } = props;
  if (value === null) return <span class="json-null">null</span>;
  if (typeof value === "string") return <span class="json-string">{JSON.stringify(value)}</span>;
  if (typeof value === "number") return <span class="json-number">{String(value)}</span>;
  return <span class="json-boolean">{value ? "true" : "false"}</span>;
}

function Node(props: { name?: string; value: Json; depth: number; last: boolean }) {
  const { name, value, depth, last } = props;
  const [open, setOpen] = useState(depth < OPEN_DEPTH);
  const [all, setAll] = useState(false);
  const key = name !== undefined && (
    <>
      <span class="json-key">{JSON.stringify(name)}</span>
      {": "}
    </>
  );
  const comma = last ? "" : ",";
  if (value === null || typeof value !== "object") {
    return (
      <div class="json-line">
        {key}
        <Scalar value={value} />
        {comma}
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: Array<[string | undefined, Json]> = isArray
    ? value.map((item) => [undefined, item])
    : Object.entries(value);
  const [openBrace, closeBrace] = isArray ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) {
    return (
      <div class="json-line">
        {key}
        {openBrace}
        {closeBrace}
        {comma}
      </div>
    );
  }
  const shown = all ? entries : entries.slice(0, SHOWN_ENTRIES);
  const Chevron = open ? ChevronDown : ChevronRight;
  const count = `${entries.length} ${isArray ? (entries.length === 1 ? "item" : "items") : entries.length === 1 ? "key" : "keys"}`;
  return (
    <div class="json-node">
      <div class="json-line">
        <button
          type="button"
          class="json-toggle"
          aria-expanded={open}
          aria-label={`${open ? "Fold" : "Unfold"} ${name === undefined ? "value" : name} (${count})`}
          onClick={() => setOpen(!open)}
        >
          <Chevron size={12} />
        </button>
        {key}
        {openBrace}
        {!open && (
          <>
            <span class="json-count">{count}</span>
            {closeBrace}
            {comma}
          </>
        )}
      </div>
      {open && (
        <>
          <div class="json-children">
            {shown.map(([childName, child], i) => (
              <Node
                key={childName ?? i}
                name={childName}
                value={child}
                depth={depth + 1}
                last={i === entries.length - 1}
              />
            ))}
            {shown.length < entries.length && (
              <button type="button" class="link-button" onClick={() => setAll(true)}>
                Show {entries.length - shown.length} more
              </button>
            )}
          </div>
          <div class="json-line">
            {closeBrace}
            {comma}
          </div>
        </>
      )}
    </div>
  );
}
