/**
 * @module web/token-chart
 * Context tokens over the session, drawn by uPlot with axes and a hover readout: before and after each compression
 * (labelled by summary version), then now, against the compression threshold (dashed). The colours come from the
 * theme's tokens and the chart is drawn again when the theme or the width changes.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import uPlot from "uplot";
import type { Schemas } from "./client.js";
import { formatCount } from "./format.js";

const HEIGHT_PX = 200;

type Point = { label: string; tokens: number };

/** The chart's points: before and after each compression, then now. */
export function chartPoints(summaries: Schemas["Summary"][], current: number): Point[] {
  const points: Point[] = [];
  for (const s of [...summaries].sort((a, b) => a.version - b.version)) {
    points.push({ label: `v${s.version} before`, tokens: s.tokens_before });
    points.push({ label: `v${s.version} after`, tokens: s.tokens_after });
  }
  points.push({ label: "now", tokens: current });
  return points;
}

function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** Changes whenever <html data-theme> does, so canvases are drawn again in the new colours. */
function useThemeName(): string {
  const [theme, setTheme] = useState(document.documentElement.dataset.theme ?? "");
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? ""));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

export function TokenChart(props: { summaries: Schemas["Summary"][]; current: number; threshold: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<string | null>(null);
  const theme = useThemeName();
  const points = chartPoints(props.summaries, props.current);
  const key = JSON.stringify([points, props.threshold, theme]);

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const axis = {
      stroke: token("--muted"),
      grid: { stroke: token("--rule-soft"), width: 1 },
      ticks: { stroke: token("--rule"), width: 1 },
      font: `12px ${token("--font-sans")}`,
    };
    const xs = points.map((_, i) => i);
    const chart = new uPlot(
      {
        width: Math.max(240, node.clientWidth),
        height: HEIGHT_PX,
        pxAlign: 1,
        legend: { show: false },
        cursor: { points: { size: 8 }, drag: { x: false, y: false } },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(max, props.threshold) * 1.1 || 1] } },
        axes: [
          {
            ...axis,
            splits: () => xs,
            values: (_u, splits) => splits.map((i) => points[i]?.label ?? ""),
          },
          { ...axis, size: 64, values: (_u, splits) => splits.map((v) => formatCount(Math.round(v))) },
        ],
        series: [
          {},
          { label: "Context tokens", stroke: token("--accent"), width: 2, points: { show: true, size: 6 } },
          { label: "Threshold", stroke: token("--bad"), width: 1, dash: [6, 4], points: { show: false } },
        ],
        hooks: {
          setCursor: [
            (u) => {
              const i = u.cursor.idx;
              setHover(
                i === null || i === undefined ? null : `${points[i].label}: ${formatCount(points[i].tokens)} tokens`,
              );
            },
          ],
        },
      },
      [xs, points.map((p) => p.tokens), points.map(() => props.threshold)],
      node,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(240, node.clientWidth), height: HEIGHT_PX }),
    );
    resize.observe(node);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [key]);

  const compressions = props.summaries.length;
  return (
    <figure class="token-chart">
      <div
        ref={box}
        class="chart"
        role="img"
        aria-label={`${compressions} ${compressions === 1 ? "compression" : "compressions"}; now ${formatCount(props.current)} tokens, threshold ${formatCount(props.threshold)}`}
      />
      <figcaption class="muted chart-readout">
        {hover ?? "Hover the chart for the figures at each point."}{" "}
        <span class="legend-inline">
          <span class="swatch line-accent" /> context tokens <span class="swatch line-threshold" /> threshold
        </span>
      </figcaption>
    </figure>
  );
}
