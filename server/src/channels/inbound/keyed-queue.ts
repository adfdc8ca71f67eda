/** Runs tasks one after another per key (a chat), and tasks of different keys side by side. */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return {
    run(key: string, task: () => Promise<void>): Promise<void> {
      const previous = tails.get(key) ?? Promise.resolve();
      const next = previous.then(task, task);
      const tail = next.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return next;
    },
    /** Resolves when every task queued so far has finished. */
    async idle() {
      while (tails.size) await Promise.all([...tails.values()]);
    },
  };
}
