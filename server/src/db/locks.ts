/**
 * Named leader locks: "only one poller per bot, however many processes run". On PostgreSQL a session-level
 * advisory lock held on a dedicated connection (released by the server if the process dies); on the embedded
 * database, which one process owns, an in-process set.
 */
import pg from 'pg';

export type Lock = {
  release(): Promise<void>;
  /**
   * True once the lock's connection is gone (PostgreSQL restarted, the network cut): the server released it, and
   * another process may hold it now. The holder stops acting as leader and takes it again.
   */
  readonly lost: boolean;
};
export type LockFactory = { tryAcquire(name: string): Promise<Lock | undefined> };

export function inProcessLocks(): LockFactory {
  const held = new Set<string>();
  return {
    async tryAcquire(name) {
      if (held.has(name)) return undefined;
      held.add(name);
      return { release: async () => void held.delete(name), lost: false };
    },
  };
}

export function advisoryLocks(connectionString: string): LockFactory {
  return {
    async tryAcquire(name) {
      // Fails fast while the database is unreachable (the poller retries), and notices a vanished peer.
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, keepAlive: true });
      // An error on the idle lock connection, or its end, means the server let the lock go.
      let lost = false;
      client.on('error', () => void (lost = true));
      client.on('end', () => void (lost = true));
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
        get lost() {
          return lost;
        },
        async release() {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
          await client.end().catch(() => undefined);
        },
      };
    },
  };
}
