/**
 * @module web/interrupts
 * Everything waiting on a person, in one list at the top of a session: the page's pending JS dialogs (from the
 * snapshot) and the runs' approvals, guard holds and client tool calls (GET /interrupts), refetched on every dialog,
 * approval and run event. A dialog is accepted (with text for a prompt) or dismissed through POST /dialogs/respond; an
 * approval or a guard hold (./guard-hold.tsx) is approved or denied, with a reason, and client tool calls given their
 * outputs, through POST /interrupts/{id}.
 */
import { Check, Hand, MessageSquareWarning, Wrench, X } from "lucide-preact";
import { useEffect, useState } from "preact/hooks";
import { api, must, type Schemas } from "./client.js";
import { JsonText } from "./json-tree.js";
import { ErrorState, Time } from "./ui.js";
import { GuardHoldItem } from "./guard-hold.js";

type Interrupt = Schemas["Interrupt"];
type Dialog = Schemas["PendingDialog"];
type Pending = { kind: "dialog"; dialog: Dialog } | { kind: "interrupt"; interrupt: Interrupt };

export function InterruptList(props: { sessionId: string; tick: number }) {
  const { sessionId } = props;
  const [pending, setPending] = useState<Pending[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    try {
      const [interrupts, snapshot] = await Promise.all([
        api.GET("/v1/sessions/{id}/interrupts", { params: { path: { id: sessionId } } }).then(must),
        api.GET("/v1/sessions/{id}/snapshot", { params: { path: { id: sessionId } } }).then(must),
      ]);
      const dialogs: Pending[] = snapshot.pending_dialogs.map((dialog) => ({ kind: "dialog", dialog }));
      const dialogIds = new Set(snapshot.pending_dialogs.map((d) => d.id));
      const others: Pending[] = interrupts.data
        .filter((i) => i.status === "pending" && !(i.kind === "dialog" && i.dialog && dialogIds.has(i.dialog.id)))
        .map((interrupt) => ({ kind: "interrupt", interrupt }));
      setPending([...dialogs, ...others]);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    void load();
  }, [sessionId, props.tick]);

  if (!pending.length && !error) return null;
  return (
    <section class="interrupts" aria-labelledby="interrupts-title">
      <h3 id="interrupts-title">
        <Hand size={18} /> Waiting on you ({pending.length})
      </h3>
      {error && <ErrorState message={error} />}
      <ul>
        {pending.map((p) =>
          p.kind === "dialog" ? (
            <DialogItem key={p.dialog.id} sessionId={sessionId} dialog={p.dialog} onDone={() => void load()} />
          ) : p.interrupt.kind === "guard" ? (
            <GuardHoldItem
              key={p.interrupt.id}
              sessionId={sessionId}
              interrupt={p.interrupt}
              onDone={() => void load()}
            />
          ) : p.interrupt.kind === "approval" ? (
            <ApprovalItem
              key={p.interrupt.id}
              sessionId={sessionId}
              interrupt={p.interrupt}
              onDone={() => void load()}
            />
          ) : p.interrupt.kind === "dialog" && p.interrupt.dialog ? (
            <DialogItem
              key={p.interrupt.id}
              sessionId={sessionId}
              dialog={p.interrupt.dialog}
              onDone={() => void load()}
            />
          ) : (
            <ClientToolItem
              key={p.interrupt.id}
              sessionId={sessionId}
              interrupt={p.interrupt}
              onDone={() => void load()}
            />
          ),
        )}
      </ul>
    </section>
  );
}

function DialogItem(props: { sessionId: string; dialog: Dialog; onDone: () => void }) {
  const { dialog } = props;
  const [text, setText] = useState(dialog.default_prompt);
  const [error, setError] = useState<string | null>(null);
  const id = `dialog-${dialog.id}`;
  const respond = async (action: "accept" | "dismiss") => {
    try {
      must(
        await api.POST("/v1/sessions/{id}/dialogs/respond", {
          params: { path: { id: props.sessionId } },
          body: {
            action,
            dialog_id: dialog.id,
            ...(dialog.type === "prompt" && action === "accept" ? { prompt_text: text } : {}),
          },
        }),
      );
      props.onDone();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <li class="interrupt" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} class="interrupt-title">
        <MessageSquareWarning size={16} />
        <strong>Page {dialog.type}</strong> <span class="muted">({dialog.id})</span> <q>{dialog.message}</q>
        {dialog.expires_at && <Time at={dialog.expires_at} prefix="dismissed " />}
      </p>
      {dialog.type === "prompt" && (
        <>
          <label for={`${id}-text`}>Answer for the prompt</label>
          <input id={`${id}-text`} value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </>
      )}
      <div class="interrupt-actions">
        <button type="button" class="primary" onClick={() => void respond("accept")}>
          <Check size={16} /> Accept
        </button>
        <button type="button" onClick={() => void respond("dismiss")}>
          <X size={16} /> Dismiss
        </button>
      </div>
      {error && <ErrorState message={error} />}
    </li>
  );
}

function ApprovalItem(props: { sessionId: string; interrupt: Interrupt; onDone: () => void }) {
  const { interrupt } = props;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = `approval-${interrupt.id}`;
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
    <li class="interrupt" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} class="interrupt-title">
        <Wrench size={16} />
        <strong>Approve tool {interrupt.tool}?</strong>
        {interrupt.expires_at && <Time at={interrupt.expires_at} prefix="times out " />}
      </p>
      <JsonText text={interrupt.arguments ?? ""} label={`Arguments of ${interrupt.tool ?? "the tool"}`} />
      <label for={`${id}-reason`}>Reason</label>
      <input id={`${id}-reason`} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      <div class="interrupt-actions">
        <button type="button" class="primary" onClick={() => void answer("approve")}>
          <Check size={16} /> Approve
        </button>
        <button type="button" class="danger" onClick={() => void answer("deny")}>
          <X size={16} /> Deny
        </button>
      </div>
      {error && <ErrorState message={error} />}
    </li>
  );
}

/** The client's own tool calls: normally its program answers them; a person can give the outputs here instead. */
function ClientToolItem(props: { sessionId: string; interrupt: Interrupt; onDone: () => void }) {
  const { interrupt } = props;
  const calls = interrupt.tool_calls ?? [];
  const [outputs, setOutputs] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      must(
        await api.POST("/v1/sessions/{id}/interrupts/{interrupt_id}", {
          params: { path: { id: props.sessionId, interrupt_id: interrupt.id } },
          body: { outputs: calls.map((c) => ({ tool_call_id: c.id, output: outputs[c.id] ?? "" })) },
        }),
      );
      props.onDone();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <li class="interrupt">
      <form onSubmit={(e) => void submit(e)}>
        <p>
          <strong>Client tool calls</strong> waiting for their outputs
        </p>
        {calls.map((call) => (
          <div key={call.id}>
            <label for={`output-${call.id}`}>
              Output of {call.function.name} ({call.function.arguments})
            </label>
            <textarea
              id={`output-${call.id}`}
              rows={2}
              value={outputs[call.id] ?? ""}
              onInput={(e) => {
                const value = e.currentTarget.value;
                setOutputs((old) => ({ ...old, [call.id]: value }));
              }}
            />
          </div>
        ))}
        <button type="submit" class="primary">
          Send outputs
        </button>
        {error && <ErrorState message={error} />}
      </form>
    </li>
  );
}
