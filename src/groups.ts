/**
 * Items connected through shared keys, by union-find: `keys[i]` are item
 * i's keys (variables of a rule's literal, say); two items that share a key
 * are in one group, and so on transitively. Groups come in the order of
 * their first item, each with its items in ascending order.
 */
export function groupsSharingKeys<K>(keys: ReadonlyArray<Iterable<K>>): number[][] {
  const parent = Array.from({ length: keys.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] as number] as number;
    return i;
  };
  const firstWith = new Map<K, number>();
  keys.forEach((ks, i) => {
    for (const k of ks) {
      const j = firstWith.get(k);
      if (j === undefined) firstWith.set(k, i);
      else parent[find(i)] = find(j);
    }
  });
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < keys.length; i++) {
    const r = find(i);
    const g = byRoot.get(r);
    if (g) g.push(i);
    else byRoot.set(r, [i]);
  }
  return [...byRoot.values()];
}
