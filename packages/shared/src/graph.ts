/**
 * A path from `start` along the graph's edges back to `start` (`[start, ..., start]`), or null when none
 * leads back. Depth first: the first such path found, not necessarily the shortest.
 */
export function findCycle(start: string, graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const visited = new Set<string>();
  const walk = (node: string, path: string[]): string[] | null => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) return [...path, next];
      if (visited.has(next)) continue;
      visited.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}
