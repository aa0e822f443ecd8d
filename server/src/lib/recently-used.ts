// A Map as a least-recently-used list: a Map keeps its keys in the order they were set, so taking a key out and
// setting it again makes it the last to go, and the first key is the one used least recently.

/** The value under `key`, made the most recently used; undefined when there is none. */
export function takeRecent<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  if (value === undefined) return undefined;
  map.delete(key);
  map.set(key, value);
  return value;
}
