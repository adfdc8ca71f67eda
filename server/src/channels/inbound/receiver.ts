/**
 * The channel-neutral half of receiving (ARCHITECTURE §5, "lose nothing, duplicate nothing"). An adapter says
 * what its accounts and updates are; this records each update under (account, update id) before the channel is
 * answered, processes the updates of one conversation in order and those of different ones side by side, notes a
 * failed processing with backoff, and sweeps up what failed or was recorded by a process that died before it
 * processed it.
 */
import type { InboundUpdates } from '../../modules/inbound-updates';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { retryDelayMs } from './backoff';
import { createKeyedQueue } from './keyed-queue';

/** After this many failed processings an update is left alone (and stays in the table for a person to look at). */
const MAX_PROCESS_ATTEMPTS = 20;
/** An update younger than this may still be in flight in some process: the sweeper leaves it alone. */
const SETTLE_MS = 30_000;
const SWEEP_EVERY_MS = 10_000;
const SWEEP_BATCH = 100;
/** Updates a dead process left unprocessed that a new one takes up at once, before its first update; the sweeper takes any beyond. */
const RECOVER_BATCH = 1_000;

export type InboundAdapter<Account, Update> = {
  /** The channel's key prefix in `inbound_updates` (`tg:`, `wa:`): the sweeper reads only its own. */
  prefix: string;
  /** The account's key, starting with `prefix`: `tg:<bot id>`, `wa:<phone number id>`. */
  keyOf(account: Account): string;
  companyOf(account: Account): string;
  updateIdOf(update: Update): string;
  /** The conversation an update belongs to: one conversation's updates are processed one after another. */
  conversationOf(update: Update): string;
  /**
   * Acts on one update, marking it processed in the transaction that stores what it said; throws to be tried
   * again later. With `recordHere` the update was not recorded before, and is recorded in that transaction.
   */
  process(account: Account, update: Update, recordHere: boolean): Promise<void>;
  /** The accounts whose updates can be processed now, by key (for the sweeper). */
  accounts(): Promise<Map<string, Account>>;
};

export type InboundReceiver<Account, Update> = ReturnType<typeof createInboundReceiver<Account, Update>>;

export function createInboundReceiver<Account, Update>(deps: {
  inbound: InboundUpdates;
  clock: Clock;
  logger: Logger;
  adapter: InboundAdapter<Account, Update>;
}) {
  const { inbound, clock, logger, adapter } = deps;
  const queue = createKeyedQueue();
  /** Updates this process has queued and not finished: one handed back meanwhile is not queued a second time. */
  const inFlight = new Set<string>();
  let sweeper: NodeJS.Timeout | undefined;

  const keyOf = (account: Account, update: Update) => ({
    channelKey: adapter.keyOf(account),
    updateId: adapter.updateIdOf(update),
  });
  const turnOf = (account: Account, update: Update) => `${adapter.keyOf(account)}|${adapter.conversationOf(update)}`;

  async function failed(account: Account, update: Update, error: unknown) {
    const key = keyOf(account, update);
    const reason = error instanceof Error ? error.message : String(error);
    const attempts = await inbound.failed(key, reason, retryDelayMs);
    logger.error({ err: error, channelKey: key.channelKey, updateId: key.updateId, attempts }, 'update failed; kept');
  }

  const flightOf = (key: { channelKey: string; updateId: string }) => `${key.channelKey}|${key.updateId}`;

  /**
   * Records an update; true when it should be processed now: it is new, or it was recorded before and is still
   * unprocessed — a process died between recording it and processing it, and the channel handed it back (a
   * webhook answered no 2xx, an offset not yet moved). Left to the sweeper instead, it would wait 30 s and more
   * while its chat's next messages overtook it. False for a redelivery of one processed, or queued here already.
   */
  async function record(account: Account, update: Update): Promise<boolean> {
    const key = keyOf(account, update);
    if (await inbound.record(key, adapter.companyOf(account), update)) return true;
    return !inFlight.has(flightOf(key)) && (await inbound.unprocessed(key));
  }

  /** Processes a recorded update in its conversation's turn; a failure is noted and left for the sweeper. */
  function dispatch(account: Account, update: Update): Promise<void> {
    const flight = flightOf(keyOf(account, update));
    inFlight.add(flight);
    return queue.run(turnOf(account, update), async () => {
      try {
        await adapter.process(account, update, false);
      } catch (error) {
        await failed(account, update, error);
      } finally {
        inFlight.delete(flight);
      }
    });
  }

  let recovery: Promise<void> | undefined;
  /**
   * Once per process, before it records or processes its first update: the updates recorded and acknowledged but
   * never processed — a file message answered before its download, by a process that died — are queued first,
   * without the sweeper's settle time, so each is processed at once and before its conversation's next updates.
   * In a rolling restart this may also take up an update the other process is downloading right now: intake's
   * claim still stores it once; only the download is done twice. Not awaited by the channel's answer for long: one
   * query, once. A failure (the database away) is logged and tried again with the next update.
   */
  function recovered(): Promise<void> {
    recovery ??= (async () => {
      const due = await inbound.due(adapter.prefix, clock.now(), MAX_PROCESS_ATTEMPTS, RECOVER_BATCH);
      if (!due.length) return;
      const accounts = await adapter.accounts();
      for (const row of due) {
        const account = accounts.get(row.channelKey);
        if (account && !inFlight.has(flightOf(row))) void dispatch(account, row.payload as Update);
      }
      logger.info({ channel: adapter.prefix, updates: due.length }, 'took up updates a stopped process left');
    })().catch((error: unknown) => {
      recovery = undefined;
      logger.error({ err: error }, 'taking up unprocessed updates failed');
    });
    return recovery;
  }

  async function sweep() {
    const settled = new Date(clock.now().getTime() - SETTLE_MS);
    const due = await inbound.due(adapter.prefix, settled, MAX_PROCESS_ATTEMPTS, SWEEP_BATCH);
    if (!due.length) return;
    // An account that cannot be opened (its secrets were altered, or it was disconnected) keeps its updates waiting.
    const accounts = await adapter.accounts();
    for (const row of due) {
      const account = accounts.get(row.channelKey);
      if (account && !inFlight.has(flightOf(row))) void dispatch(account, row.payload as Update);
    }
  }

  return {
    async record(account: Account, update: Update): Promise<boolean> {
      await recovered();
      return record(account, update);
    },
    dispatch,

    /**
     * Recorded and processed in one transaction, in the conversation's turn, before the channel is answered: the
     * fast path for updates that need no slow work. Should processing fail, the update is recorded on its own and
     * left for the sweeper; should even that fail, the error reaches the caller (the channel delivers it again).
     */
    async recordAndProcess(account: Account, update: Update): Promise<void> {
      await recovered();
      return queue.run(turnOf(account, update), async () => {
        try {
          await adapter.process(account, update, true);
        } catch (error) {
          await record(account, update);
          await failed(account, update, error);
        }
      });
    },

    /**
     * Records now and processes after (a download may be slow): the caller answers the channel once this resolves.
     * A redelivery of one recorded but never processed (its process died) is processed now.
     */
    async recordThenProcess(account: Account, update: Update): Promise<void> {
      await recovered();
      if (await record(account, update)) void dispatch(account, update);
    },

    sweep,

    startSweeper() {
      sweeper = setInterval(
        () => void sweep().catch((error: unknown) => logger.error({ err: error }, 'sweep failed')),
        SWEEP_EVERY_MS,
      );
      sweeper.unref();
      void recovered()
        .then(sweep)
        .catch((error: unknown) => logger.error({ err: error }, 'sweep failed'));
    },

    /** Stops sweeping and waits for what is being processed. */
    async stop() {
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
      await queue.idle();
    },

    /** Resolves when every update received so far has been processed (tests, benchmarks). */
    idle: () => queue.idle(),
  };
}
