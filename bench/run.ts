import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Runs every `bench/*.bench.ts` (or those named on the command line). Each prints JSON lines:
 * a figure and a same-run baseline, as a ratio.
 */
const dir = fileURLToPath(new URL(".", import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)))
  .sort();
for (const file of files) {
  const mod = (await import(new URL(file, import.meta.url).href)) as { run: () => Promise<void> };
  await mod.run();
}
