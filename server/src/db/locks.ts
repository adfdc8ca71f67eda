/**
 * Named leader locks: "only one poller per bot, however many processes run". On PostgreSQL a session-level
 * advisory lock held on a dedicated connection (released by the server if the process dies); on the embedded
 * database, which one process owns, an in-process set.
 */
import pg from 'pg';

export type Lock = { release(): Promise<void> };
export type LockFactory = { tryAcquire(name: string): Promise<Lock | undefined> };

export function inProcessLocks(): LockFactory {
  const held = new Set<string>();
  return {
    async tryAcquire(name) {
      if (held.has(name)) return undefined;
      held.add(name);
      return { release: async () => void held.delete(name) };
    },
  };
}

export function advisoryLocks(connectionString: string): LockFactory {
  return {
    async tryAcquire(name) {
      const client = new pg.Client({ connectionString });
      // An error on an idle lock connection means the lock is gone; the holder notices at its next release.
      client.on('error', () => undefined);
      await client.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [name]);
        if (!rows[0]?.ok) {
          await client.end();
          return undefined;
        }
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      return {
        async release() {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
          await client.end().catch(() => undefined);
        },
      };
    },
  };
}
