/**
 * @module object-paths
 * Reading, setting and removing a value by its key path in nested plain objects (a parsed YAML file, a config being
 * merged), the way the configuration loaders move keys about.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at `path` in nested objects, or undefined when any step is missing. */
export function getPath(root: Record<string, unknown>, path: string[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (!isRecord(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/** Sets the value at `path`, making (or replacing with) objects along the way. */
export function setPath(root: Record<string, unknown>, path: string[], value: unknown): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (!isRecord(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}

/** Removes the key, and the sections it leaves empty. */
export function deletePath(root: Record<string, unknown>, path: string[]): void {
  const parents: Array<Record<string, unknown>> = [root];
  let node: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (!isRecord(node)) return;
    node = node[key];
    if (!isRecord(node)) return;
    parents.push(node);
  }
  delete parents[parents.length - 1][path[path.length - 1]];
  for (let i = parents.length - 1; i > 0; i--) {
    if (Object.keys(parents[i]).length > 0) break;
    delete parents[i - 1][path[i - 1]];
  }
}
