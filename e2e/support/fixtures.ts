import { test as base } from '@playwright/test';
import { startStack, type Stack } from './stack';

/** `test` with the running stack: one per worker, shared by its tests (each test makes its own company). */
export const test = base.extend<{ mailbox: Mailbox }, { stack: Stack }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startStack();
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
  };
}
