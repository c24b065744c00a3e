/**
 * @module web/guard-hold
 * An action the prompt-injection guard holds, as the interrupts list shows it: what the agent wants to do and where
 * (the action, its target), why the guard stopped it, and the chain of untrusted content read before it — each piece
 * with its page, frame or dialog and an excerpt, the words that name the target marked — with approve and deny.
 */
import { useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";

type Interrupt = Schemas["Interrupt"];
type Item = Schemas["ProvenanceItem"];

const ACTIONS: Record<Schemas["GuardAction"]["kind"], string> = {
  navigate: "Go to",
  open_tab: "Open a tab at",
  follow_link: "Follow a link to",
  submit_form: "Send a form to",
  type_password: "Type a password into",
  type_secret: "Type a secret into",
  download: "Download",
  upload: "Upload a file on",
  raw_cdp: "Send raw CDP",
  mcp_write: "Call",
  memory_write: "Write to",
  redirect: "Be redirected to",
};

/** Where a piece of the chain came from, in a few words. */
function sourceOf(item: Item): string {
  const where = item.origin ?? item.source;
  switch (item.kind) {
    case "frame":
      return `Frame ${where}${item.frame_id ? ` (${item.frame_id.slice(0, 8)}…)` : ""}`;
    case "dialog":
      return `Dialog ${item.dialog_id ?? ""} on ${where}`;
    case "console":
      return `Console of ${where}`;
    case "mcp":
      return `MCP ${item.source.replace(/^mcp:/, "")}`;
    default:
      return `Page ${item.source}`;
  }
}

function Excerpt(props: { item: Item }) {
  const { excerpt, highlight } = props.item;
  if (!highlight) return <blockquote>{excerpt}</blockquote>;
  return (
    <blockquote>
      {excerpt.slice(0, highlight.start)}
      <mark>{excerpt.slice(highlight.start, highlight.end)}</mark>
      {excerpt.slice(highlight.end)}
    </blockquote>
  );
}

export function GuardHoldItem(props: { sessionId: string; interrupt: Interrupt; onDone: () => void }) {
  const { interrupt } = props;
  const hold = interrupt.guard;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!hold) return null;
  const id = `guard-${interrupt.id}`;
  const answer = async (decision: "approve" | "deny") => {
    try {
      must(
        await api.POST("/v1/sessions/{id}/interrupts/{interrupt_id}", {
          params: { path: { id: props.sessionId, interrupt_id: interrupt.id } },
          body: { decision, ...(reason ? { reason } : {}) },
        }),
      );
      props.onDone();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <li class="interrupt guard-hold" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`}>
        <strong>The guard holds: {ACTIONS[hold.action.kind]}</strong>{" "}
        <code>{hold.action.target ?? hold.action.tool}</code>
        {interrupt.expires_at && (
          <span class="muted"> (until {new Date(interrupt.expires_at).toLocaleTimeString()})</span>
        )}
      </p>
      <p>
        <span class="muted">Tool</span> {hold.action.tool} · <span class="muted">Why</span> {hold.reason}
      </p>
      <ol aria-label="What led to it">
        {hold.provenance.map((item) => (
          <li key={`${item.seq}-${item.source}`}>
            <span>{sourceOf(item)}</span> <span class="muted">(seq {item.seq})</span>
            <Excerpt item={item} />
          </li>
        ))}
      </ol>
      <label for={`${id}-reason`}>Reason</label>
      <input id={`${id}-reason`} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      <button type="button" onClick={() => void answer("approve")}>
        Approve
      </button>
      <button type="button" onClick={() => void answer("deny")}>
        Deny
      </button>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </li>
  );
}
