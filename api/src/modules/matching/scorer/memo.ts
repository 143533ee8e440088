/**
 * A pure function of a string remembered for the strings seen lately (decision 0047): one job scores a
 * record against thousands whose breed and colour words repeat, so each distinct wording is read once.
 * Bounded: the whole memory is dropped when it holds `max` entries. Results are shared, never mutate them.
 */
export function memoByText<T>(fn: (text: string | null) => T, max = 5_000): (text: string | null) => T {
  const seen = new Map<string | null, T>();
  return (text) => {
    const hit = seen.get(text);
    if (hit !== undefined || seen.has(text)) return hit as T;
    if (seen.size >= max) seen.clear();
    const value = fn(text);
    seen.set(text, value);
    return value;
  };
}
