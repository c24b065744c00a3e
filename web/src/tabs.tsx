/**
 * @module web/tabs
 * WAI-ARIA tabs: one tab stop for the whole tab list (the selected tab), Left/Right arrows move to the previous or
 * next tab and select it, Home and End go to the first and last; the panel is labelled by its tab.
 */
import type { ComponentChildren } from "preact";
import type { LucideIcon } from "lucide-preact";
import { useRef } from "preact/hooks";

export type TabSpec<T extends string> = { id: T; label: string; icon?: LucideIcon };

export function Tabs<T extends string>(props: {
  label: string;
  tabs: Array<TabSpec<T>>;
  selected: T;
  onSelect: (id: T) => void;
  children: ComponentChildren;
}) {
  const list = useRef<HTMLDivElement>(null);
  const { tabs, selected } = props;
  const move = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === selected);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    props.onSelect(tabs[next].id);
    list.current?.querySelector<HTMLElement>(`#tab-${tabs[next].id}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={props.label} class="tabs" ref={list} onKeyDown={move}>
        {tabs.map((t) => {
          const Icon = t.icon;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={selected === t.id}
              aria-controls={`panel-${t.id}`}
              tabIndex={selected === t.id ? 0 : -1}
              onClick={() => props.onSelect(t.id)}
            >
              {Icon && <Icon size={16} />}
              {t.label}
            </button>
          );
        })}
      </div>
      <section role="tabpanel" id={`panel-${selected}`} aria-labelledby={`tab-${selected}`} class="panel">
        {props.children}
      </section>
    </>
  );
}
