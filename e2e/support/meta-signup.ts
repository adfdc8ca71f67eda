/**
 * Meta's side of WhatsApp embedded signup (channel-apis.md §2.13), played by the test. The page loads a small stand-in
 * for Meta's JS SDK from https://connect.facebook.net (fulfilled here, never fetched): `FB.login` keeps its callback
 * and opens Meta's signup in a frame on https://www.facebook.com (fulfilled here too), so the `WA_EMBEDDED_SIGNUP`
 * messages come from Meta's origin as they do for real. The test then plays the admin's way through Meta's window in
 * whatever order it wants: `authorize(code)` is FB.login's callback with the code, `finish(…)` and `cancel(step)`
 * are the frame's messages.
 */
import { expect, type Frame, type Page } from '@playwright/test';

export const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
const SIGNUP_URL = 'https://www.facebook.com/e2e-embedded-signup';

/** What the stand-in SDK keeps on `window.e2eFacebook` for the test to read and drive. */
type StandInWindow = {
  e2eFacebook: {
    inits: Record<string, unknown>[];
    logins: Record<string, unknown>[];
    authorize(code: string): void;
    closeWindow(): void;
  };
};
type SignupFrameWindow = {
  finish(data: { phone_number_id: string; waba_id: string; business_id: string }): void;
  cancel(step: string): void;
};

/**
 * The stand-in SDK, as the script the page loads: the two calls KreeChat makes (`FB.init`, `FB.login`), then
 * `fbAsyncInit` as the real SDK calls it once loaded.
 */
const SDK_STAND_IN = `(() => {
  let callback = null;
  const answer = (response) => {
    const pending = callback;
    callback = null;
    if (pending) pending(response);
  };
  const standIn = {
    inits: [],
    logins: [],
    authorize: (code) => answer({ status: 'connected', authResponse: { code } }),
    closeWindow: () => answer({ status: 'unknown', authResponse: null }),
  };
  window.e2eFacebook = standIn;
  window.FB = {
    init(options) {
      standIn.inits.push(options);
    },
    login(cb, options) {
      standIn.logins.push(options);
      callback = cb;
      document.querySelector('iframe[data-e2e-meta-signup]')?.remove();
      const frame = document.createElement('iframe');
      frame.dataset.e2eMetaSignup = '';
      frame.title = 'Meta embedded signup';
      frame.hidden = true;
      frame.src = '${SIGNUP_URL}?config_id=' + encodeURIComponent(options.config_id);
      document.body.appendChild(frame);
    },
  };
  window.fbAsyncInit?.();
})();`;

/** Meta's signup window: posts its events to the page that opened it, as JSON strings, like Meta. */
const SIGNUP_PAGE = `<!doctype html>
<meta charset="utf-8">
<title>WhatsApp embedded signup (e2e stand-in for Meta)</title>
<script>
  const post = (event, data) => parent.postMessage(JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event, data }), '*');
  window.finish = (data) => post('FINISH', data);
  window.cancel = (step) => post('CANCEL', { current_step: step });
</script>`;

export async function metaSignup(page: Page) {
  const sdkRequests: string[] = [];
  const signupRequests: URL[] = [];
  await page.route('https://connect.facebook.net/**', async (route) => {
    sdkRequests.push(route.request().url());
    await route.fulfill({
      contentType: 'text/javascript',
      // KreeChat loads the SDK with crossorigin="anonymous", as Meta's snippet does: it needs the CORS header.
      headers: { 'access-control-allow-origin': '*' },
      body: SDK_STAND_IN,
    });
  });
  await page.route(`${SIGNUP_URL}**`, async (route) => {
    signupRequests.push(new URL(route.request().url()));
    await route.fulfill({ contentType: 'text/html', body: SIGNUP_PAGE });
  });

  return {
    /** What the page fetched from connect.facebook.net and www.facebook.com. */
    sdkRequests,
    signupRequests,
    /** FB.init's and FB.login's options, as the page passed them. */
    inits: () => page.evaluate(() => (window as unknown as StandInWindow).e2eFacebook.inits),
    logins: () => page.evaluate(() => (window as unknown as StandInWindow).e2eFacebook.logins),
    /** FB.login's callback with an authorization code. */
    authorize: (code: string) =>
      page.evaluate((value) => (window as unknown as StandInWindow).e2eFacebook.authorize(value), code),
    /** FB.login's callback without a code: the admin closed Meta's window. */
    closeWindow: () => page.evaluate(() => (window as unknown as StandInWindow).e2eFacebook.closeWindow()),
    /**
     * Runs `click` (which must make the page call FB.login) and returns Meta's signup window it opened, loaded.
     */
    async open(click: () => Promise<void>): Promise<SignupWindow> {
      const navigated = page.waitForEvent('framenavigated', { predicate: (f) => f.url().startsWith(SIGNUP_URL) });
      await click();
      const frame = await navigated;
      await frame.waitForFunction(() => 'finish' in window);
      return signupWindow(frame);
    },
  };
}

export type SignupWindow = ReturnType<typeof signupWindow>;

function signupWindow(frame: Frame) {
  expect(new URL(frame.url()).origin).toBe('https://www.facebook.com');
  return {
    finish: (data: Parameters<SignupFrameWindow['finish']>[0]) =>
      frame.evaluate((d) => (window as unknown as SignupFrameWindow).finish(d), data),
    cancel: (step: string) => frame.evaluate((s) => (window as unknown as SignupFrameWindow).cancel(s), step),
  };
}
