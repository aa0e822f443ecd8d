// vitest 5 prints failures with Map.groupBy, which Node 20 lacks (it arrived in Node 21): without this a
// failing test's reason is replaced by a TypeError. Loaded with --import by scripts/test.mjs only.
if (typeof Map.groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value(items, keyOf) {
      const groups = new Map();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}
