import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePushService, type FakePushService } from './fake-push-service';

/** The fake must refuse what a real push service refuses, or the push tests would prove nothing. */
describe('the local push service', () => {
  let fake: FakePushService;
  const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@example.test' };
  beforeAll(async () => {
    fake = await startFakePushService();
  });
  afterAll(async () => fake?.close());

  it('is trusted over https and decrypts a push sent with the subscription key', async () => {
    const subscription = fake.subscribe(vapid.publicKey);
    const result = await webPush.sendNotification(subscription, JSON.stringify({ hello: 'world' }), {
      vapidDetails: vapid,
      TTL: 60,
    });
    expect(result.statusCode).toBe(201);
    expect(fake.pushesTo(subscription.id)).toEqual([
      { subscriptionId: subscription.id, payload: { hello: 'world' }, ttl: 60, urgency: 'normal' },
    ]);
  });

  it('refuses a push signed with another VAPID key', async () => {
    const subscription = fake.subscribe(vapid.publicKey);
    const other = { ...webPush.generateVAPIDKeys(), subject: vapid.subject };
    await expect(webPush.sendNotification(subscription, 'x', { vapidDetails: other })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(fake.rejected.at(-1)).toMatchObject({ subscriptionId: subscription.id, status: 403 });
  });

  it('refuses a push that was not encrypted for the subscription', async () => {
    const subscription = fake.subscribe(vapid.publicKey);
    const stranger = fake.subscribe(vapid.publicKey);
    // Encrypted for the stranger's keys but sent to the subscription's endpoint.
    await expect(
      webPush.sendNotification({ ...stranger, endpoint: subscription.endpoint }, 'secret', { vapidDetails: vapid }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(fake.pushesTo(subscription.id)).toEqual([]);
  });

  it('answers 410 on command', async () => {
    const subscription = fake.subscribe(vapid.publicKey);
    fake.answer(subscription.id, 410);
    await expect(webPush.sendNotification(subscription, 'x', { vapidDetails: vapid })).rejects.toMatchObject({
      statusCode: 410,
    });
  });
});
