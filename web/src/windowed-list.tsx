/**
 * @module web/windowed-list
 * A list that renders only the rows on screen (plus a margin), for transcripts of tens of thousands of rows.
 * Rows have different heights: each rendered row is measured once it is laid out and again whenever its size
 * changes (a ResizeObserver), unmeasured rows count at an estimate, and the rows' offsets are the running sum of both.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";

export type WindowedListProps<T> = {
  items: readonly T[];
  keyOf: (item: T) => string;
  renderItem: (item: T) => ComponentChildren;
  /** Height (px) an unmeasured row counts for. */
  estimatePx: number;
  /** Rows rendered above and below the visible ones. */
  overscanPx?: number;
  /** Scrolls this row into view whenever it changes. */
  scrollToKey?: string | null;
  /** Keep the view at the end while it is at the end and rows are added (a live transcript). */
  followEnd?: boolean;
  label: string;
};

export function WindowedList<T>(props: WindowedListProps<T>) {
  const { items, keyOf, renderItem, estimatePx, overscanPx = 600, scrollToKey, followEnd, label } = props;
  const viewport = useRef<HTMLDivElement>(null);
  const heights = useRef(new Map<string, number>());
  const [measureTick, setMeasureTick] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportPx, setViewportPx] = useState(600);
  const atEnd = useRef(true);
  /** The animation frame a scroll update waits for (one per frame, however many scroll events). */
  const frame = useRef(0);

  const offsets = useMemo(() => {
    const out = new Float64Array(items.length + 1);
    for (let i = 0; i < items.length; i++) out[i + 1] = out[i] + (heights.current.get(keyOf(items[i])) ?? estimatePx);
    return out;
    // measureTick: heights (a ref) changed.
  }, [items, estimatePx, keyOf, measureTick]);
  const total = offsets[items.length];

  // Binary search for the first row whose bottom is below the top of the window.
  const first = useMemo(() => {
    const top = Math.max(0, scrollTop - overscanPx);
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (offsets[mid + 1] <= top) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }, [offsets, scrollTop, overscanPx, items.length]);
  let last = first;
  const bottom = scrollTop + viewportPx + overscanPx;
  while (last < items.length && offsets[last] < bottom) last++;

  // A row's height can change with no render of the list (a <details> opened, an image loaded, a font swapped):
  // each rendered row is watched, and a new height moves the rows below it.
  const rowObserver = useRef<ResizeObserver | null>(null);
  const observed = useRef(new Set<HTMLElement>());
  // A layout effect declared before the measuring one, so the observer exists when the first rows are measured.
  useLayoutEffect(() => {
    const observer = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const row = entry.target as HTMLElement;
        const key = row.dataset.rowKey;
        if (!key || !row.isConnected) continue;
        const height = row.offsetHeight;
        if (heights.current.get(key) !== height) {
          heights.current.set(key, height);
          changed = true;
        }
      }
      if (changed) setMeasureTick((n) => n + 1);
    });
    rowObserver.current = observer;
    return () => {
      observer.disconnect();
      rowObserver.current = null;
      observed.current.clear();
    };
  }, []);

  useLayoutEffect(() => {
    const node = viewport.current;
    if (!node) return;
    let changed = false;
    const rendered = new Set(Array.from(node.querySelectorAll<HTMLElement>("[data-row-key]")));
    for (const child of rendered) {
      const key = child.dataset.rowKey!;
      const height = child.offsetHeight;
      if (heights.current.get(key) !== height) {
        heights.current.set(key, height);
        changed = true;
      }
      if (!observed.current.has(child)) {
        rowObserver.current?.observe(child);
        observed.current.add(child);
      }
    }
    // Rows scrolled out of the window are let go, so the observer holds only what is on screen.
    for (const child of observed.current) {
      if (rendered.has(child)) continue;
      rowObserver.current?.unobserve(child);
      observed.current.delete(child);
    }
    if (changed) setMeasureTick((n) => n + 1);
  });

  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    const observer = new ResizeObserver(() => setViewportPx(node.clientHeight));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const node = viewport.current;
    if (node && followEnd && atEnd.current) node.scrollTop = node.scrollHeight;
  }, [items.length, total, followEnd]);

  useLayoutEffect(() => {
    if (!scrollToKey) return;
    const index = items.findIndex((item) => keyOf(item) === scrollToKey);
    const node = viewport.current;
    if (index < 0 || !node) return;
    atEnd.current = false;
    node.scrollTop = offsets[index];
    setScrollTop(offsets[index]);
    // Only when asked for a row, not on every measurement.
  }, [scrollToKey, items.length]);

  const onScroll = () => {
    const node = viewport.current!;
    atEnd.current = node.scrollTop + node.clientHeight >= node.scrollHeight - 4;
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      setScrollTop(node.scrollTop);
    });
  };

  const rows = [];
  for (let i = first; i < last; i++) {
    const item = items[i];
    const key = keyOf(item);
    rows.push(
      <li key={key} data-row-key={key} class="row" style={{ top: `${offsets[i]}px` }}>
        {renderItem(item)}
      </li>,
    );
  }
  return (
    <div
      ref={viewport}
      class="windowed"
      onScroll={onScroll}
      tabIndex={0}
      aria-label={label}
      role="region"
      data-rows={items.length}
    >
      <ol class="windowed-rows" style={{ height: `${total}px` }}>
        {rows}
      </ol>
    </div>
  );
}
