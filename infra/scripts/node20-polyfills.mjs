// Node 20 lacks Map.groupBy/Object.groupBy (Node 21+), which Vitest 5's reporter calls when it prints a
// failure, hiding the real error behind "Map.groupBy is not a function". Loaded with NODE_OPTIONS=--import.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, keyOf) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, keyOf) => {
    const groups = Object.create(null);
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      if (!groups[key]) groups[key] = [];
      groups[key].push(item);
    }
    return groups;
  };
}
