import { test as base } from '@playwright/test';
import { readMail } from '../../server/test/smtp-sink';
import { startStack, type Stack } from './stack';

/**
 * `test` with the running stack: one per worker, shared by its tests (each test makes its own company). A spec
 * that needs the server configured otherwise says so with `test.use({ stackEnv: { … } })`.
 */
export const test = base.extend<{ mailbox: Mailbox }, { stack: Stack; stackEnv: Record<string, string> }>({
  stackEnv: [{}, { scope: 'worker', option: true }],
  stack: [
    async ({ stackEnv }, use) => {
      const stack = await startStack({ env: stackEnv });
      await use(stack);
      await stack.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.baseUrl),
  mailbox: async ({ stack }, use) => use(mailboxOf(stack)),
});

export { expect } from '@playwright/test';

export type Mailbox = ReturnType<typeof mailboxOf>;

function mailboxOf(stack: Stack) {
  const to = (address: string) => stack.mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    count: (address: string) => to(address).length,
    /** The 6-digit code of the newest mail to `address` beyond the first `after`, waiting for it to arrive. */
    async codeFor(address: string, after = 0): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const mails = to(address);
        const mail = mails.length > after ? mails[mails.length - 1] : undefined;
        const code = mail && /verification code: (\d{6})/.exec(mail.raw)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code mailed to ${address}`);
    },
    /** The newest mail to `address` whose subject contains `subject`, as read by a person, waiting for it. */
    async mailTo(address: string, subject: string): Promise<{ subject: string; text: string }> {
      for (let i = 0; i < 100; i++) {
        const mail = to(address)
          .map(readMail)
          .reverse()
          .find((m) => m.subject.includes(subject));
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail "${subject}" to ${address}`);
    },
  };
}
