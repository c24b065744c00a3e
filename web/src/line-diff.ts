/**
 * @module web/line-diff
 * A line diff of two texts (longest common subsequence over lines), for showing what a summary version changed
 * against the one before it. Quadratic in lines, which summaries (a few hundred lines at most) afford.
 */
export type DiffLine = { op: "same" | "added" | "removed"; text: string };

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ op: "removed", text: a[i++] });
    else out.push({ op: "added", text: b[j++] });
  }
  while (i < a.length) out.push({ op: "removed", text: a[i++] });
  while (j < b.length) out.push({ op: "added", text: b[j++] });
  return out;
}
