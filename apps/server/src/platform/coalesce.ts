/**
 * Lookups of one kind asked for in the same turn of the event loop, made together: a burst of
 * requests (a page opened by hundreds at once, the opening second of a booking) that each need a
 * row by key costs one statement, not one round trip each. `loadMany` is given the distinct keys
 * (at most `maxKeys`) and answers what it found by key; a key it did not find gives undefined. A
 * lone lookup waits for the end of the current turn only. A failure of `loadMany` fails every
 * lookup of its round, as each would have failed alone.
 */
export function coalescing<K, V>(
  loadMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
  maxKeys = 500,
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (err: unknown) => void };
  let round: Map<K, Waiter[]> | null = null;

  const run = (waiting: Map<K, Waiter[]>) => {
    let found: Promise<ReadonlyMap<K, V>>;
    try {
      found = loadMany([...waiting.keys()]);
    } catch (err) {
      found = Promise.reject(err);
    }
    found.then(
      (rows) => {
        for (const [key, waiters] of waiting) for (const w of waiters) w.resolve(rows.get(key));
      },
      (err: unknown) => {
        for (const waiters of waiting.values()) for (const w of waiters) w.reject(err);
      },
    );
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let waiting = round;
      if (!waiting) {
        const fresh = new Map<K, Waiter[]>();
        waiting = round = fresh;
        setImmediate(() => {
          if (round !== fresh) return; // already run, full
          round = null;
          run(fresh);
        });
      }
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (waiting.size >= maxKeys) {
        round = null;
        run(waiting);
      }
    });
}
