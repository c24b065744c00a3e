/**
 * @module web/ui
 * The inspector's small shared pieces, one visual system: a relative time that stays current, status chips (a
 * colour and an icon, so a status reads without colour too), loading skeletons, designed empty and error states,
 * and a section whose body folds under its heading.
 */
import type { ComponentChildren } from "preact";
import {
  Ban,
  CircleAlert,
  CircleCheck,
  CircleDashed,
  CirclePause,
  CircleX,
  Hand,
  LoaderCircle,
  type LucideIcon,
} from "lucide-preact";
import { useEffect, useState } from "preact/hooks";
import { absoluteTime, relativeTime } from "./format.js";

/** Re-renders every `periodMs`, so relative times move on. */
function useNow(periodMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/** "5 minutes ago", with the full time as a tooltip and in `datetime`. Marked volatile: it changes with the clock. */
export function Time(props: { at: string | number; prefix?: string }) {
  const now = useNow();
  const at = typeof props.at === "number" ? props.at : Date.parse(props.at);
  if (!Number.isFinite(at)) return null;
  return (
    <time dateTime={new Date(at).toISOString()} title={absoluteTime(at)} data-volatile>
      {props.prefix}
      {relativeTime(at, now)}
    </time>
  );
}

/** A figure that depends on timing or ids and so differs from one run to the next (screenshot tests hide it). */
export function Volatile(props: { children: ComponentChildren; class?: string }) {
  return (
    <span class={props.class} data-volatile>
      {props.children}
    </span>
  );
}

export type ChipTone = "ok" | "bad" | "live" | "wait" | "neutral";

const RUN_STATUS: Record<string, { tone: ChipTone; icon: LucideIcon; label: string }> = {
  completed: { tone: "ok", icon: CircleCheck, label: "completed" },
  running: { tone: "live", icon: LoaderCircle, label: "running" },
  requires_action: { tone: "wait", icon: Hand, label: "waiting on you" },
  incomplete: { tone: "wait", icon: CirclePause, label: "incomplete" },
  failed: { tone: "bad", icon: CircleX, label: "failed" },
  interrupted: { tone: "bad", icon: CircleAlert, label: "interrupted" },
  cancelled: { tone: "neutral", icon: Ban, label: "cancelled" },
};

/** A run's status as a chip: colour, icon and word. */
export function StatusChip(props: { status: string }) {
  const known = RUN_STATUS[props.status] ?? { tone: "neutral", icon: CircleDashed, label: props.status };
  const Icon = known.icon;
  return (
    <span class={`chip chip-${known.tone} status-${props.status}`} data-status={props.status}>
      <Icon size={14} class={props.status === "running" ? "spin" : undefined} />
      {known.label}
    </span>
  );
}

/** A chip of any tone with an icon, for states that are not a run's status (out of context, over budget…). */
export function Chip(props: { tone: ChipTone; icon?: LucideIcon; children: ComponentChildren; title?: string }) {
  const Icon = props.icon;
  return (
    <span class={`chip chip-${props.tone}`} title={props.title}>
      {Icon && <Icon size={14} />}
      {props.children}
    </span>
  );
}

/** Grey bars where content is loading; announced once as busy. */
export function Skeleton(props: { lines?: number; label: string }) {
  const lines = props.lines ?? 3;
  return (
    <div class="skeleton" role="status" aria-label={props.label} aria-busy="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} class="skeleton-line" style={{ width: `${92 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

/** What a view shows when it has nothing yet: an icon, a line saying so, and what to do about it. */
export function EmptyState(props: { icon: LucideIcon; title: string; children?: ComponentChildren }) {
  const Icon = props.icon;
  return (
    <div class="empty-state">
      <Icon size={28} />
      <p class="empty-title">{props.title}</p>
      {props.children && <div class="empty-body">{props.children}</div>}
    </div>
  );
}

/** A failure to load or do something, as an alert with the server's words. */
export function ErrorState(props: { message: string; children?: ComponentChildren }) {
  return (
    <div class="error-state" role="alert">
      <CircleAlert size={18} />
      <p class="error">{props.message}</p>
      {props.children}
    </div>
  );
}

/** A section with a heading whose button folds the body away (the WAI-ARIA disclosure pattern). */
export function FoldSection(props: {
  id: string;
  title: ComponentChildren;
  icon?: LucideIcon;
  children: ComponentChildren;
}) {
  const [open, setOpen] = useState(true);
  const Icon = props.icon;
  return (
    <section class="fold" aria-labelledby={`${props.id}-title`}>
      <div class="fold-head">
        <h3 id={`${props.id}-title`}>
          <button
            type="button"
            class="fold-toggle"
            aria-expanded={open}
            aria-controls={`${props.id}-body`}
            onClick={() => setOpen(!open)}
          >
            {Icon && <Icon size={16} />}
            {props.title}
          </button>
        </h3>
      </div>
      <div id={`${props.id}-body`} class="fold-body" hidden={!open}>
        {props.children}
      </div>
    </section>
  );
}
