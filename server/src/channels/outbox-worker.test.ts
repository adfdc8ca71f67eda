import { describe, expect, it } from 'vitest';
import type { DeliveryJob, DeliveryService } from '../modules/delivery';
import { createLogger } from '../platform/logger';
import { createOutboxWorker } from './outbox-worker';
import { createChannelRegistry } from './registry';

const job: DeliveryJob = {
  outboxId: 'o1',
  companyId: 'c1',
  platform: 'telegram',
  channelRef: 'bot',
  recipient: '42',
  attempts: 0,
  enqueuedAt: new Date(),
  kind: 'botText',
  payload: { notice: 'ratingThanks', language: 'en' },
  text: 'Thank you for your rating!',
};

/** What node-postgres throws when the server went away between the send and its record. */
const connectionLost = () => new Error('Connection terminated unexpectedly');

/**
 * The delivery service's side the worker uses, over one job: `sent` fails as a database outage would, `failures`
 * times, then succeeds. A real database cannot be stopped between two statements of one send on cue; the outage
 * tests (test/db-outage.postgres.test.ts) show the rest of the path on a real one.
 */
function deliveryWith(failures: number) {
  let claimed = false;
  const recorded: string[] = [];
  let tries = 0;
  const delivery = {
    claim: async () => (claimed ? [] : ((claimed = true), [job])),
    renew: async () => undefined,
    sent: async (j: DeliveryJob) => {
      tries += 1;
      if (tries <= failures) throw connectionLost();
      recorded.push(j.outboxId);
    },
    failed: async () => undefined,
    retryLater: async () => 'retry' as const,
  } as unknown as DeliveryService;
  return { delivery, recorded, tries: () => tries };
}

describe('outbox worker', () => {
  it('writes a send down again while the database is away, instead of letting its lease run out and sending twice', async () => {
    const { delivery, recorded, tries } = deliveryWith(3);
    let sends = 0;
    const registry = createChannelRegistry({
      telegram: { send: async () => ((sends += 1), { externalId: 'x1' }), classify: () => undefined },
    });
    const outcomes: string[] = [];
    const worker = createOutboxWorker({
      delivery,
      registry,
      logger: createLogger('silent'),
      onOutcome: (_platform, outcome) => outcomes.push(outcome),
    });
    worker.start();
    await worker.idle();
    await worker.stop();
    expect(sends).toBe(1);
    expect(tries()).toBe(4);
    expect(recorded).toEqual(['o1']);
    expect(outcomes).toEqual(['sent']);
  });

  it('does not retry a record that failed for another reason (a bug is not an outage)', async () => {
    const { delivery } = deliveryWith(0);
    const broken = { ...delivery, sent: async () => Promise.reject(new Error('column "x" does not exist')) };
    const registry = createChannelRegistry({
      telegram: { send: async () => ({ externalId: 'x1' }), classify: () => undefined },
    });
    const worker = createOutboxWorker({ delivery: broken, registry, logger: createLogger('silent') });
    const started = Date.now();
    worker.start();
    await worker.idle();
    await worker.stop();
    expect(Date.now() - started).toBeLessThan(400);
  });
});
