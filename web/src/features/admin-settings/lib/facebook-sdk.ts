/**
 * Meta's JavaScript SDK, loaded once per page from connect.facebook.net (channel-apis.md §2.13). Only the two
 * calls embedded signup uses are typed.
 */

const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';

/** A script that loads but never calls `fbAsyncInit` (a filter that empties it) counts as failed after this. */
const SDK_TIMEOUT_MS = 20_000;

export interface FacebookLoginResponse {
  status?: string;
  authResponse?: { code?: string | null } | null;
}

export interface FacebookSdk {
  init(options: { appId: string; autoLogAppEvents: boolean; xfbml: boolean; version: string }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

let loading: { appId: string; promise: Promise<FacebookSdk> } | null = null;

/**
 * Adds the SDK's script tag (the first time only) and resolves once `FB.init` ran with this Meta app. A failed load
 * (offline, blocked by an extension or a content security policy) rejects and lets a later call try again.
 */
export function loadFacebookSdk(appId: string, version: string): Promise<FacebookSdk> {
  if (loading?.appId === appId) return loading.promise;
  const promise = new Promise<FacebookSdk>((resolve, reject) => {
    const failed = (message: string) => {
      clearTimeout(timer);
      if (loading?.promise === promise) loading = null;
      reject(new Error(message));
    };
    const timer = setTimeout(() => failed('The Facebook SDK did not start in time'), SDK_TIMEOUT_MS);
    const init = () => {
      clearTimeout(timer);
      const sdk = window.FB;
      if (!sdk) {
        failed('The Facebook SDK did not start');
        return;
      }
      sdk.init({ appId, autoLogAppEvents: true, xfbml: true, version });
      resolve(sdk);
    };
    // Already on the page (a second Meta app id, which a server restart could bring): initialise it again.
    if (window.FB) {
      init();
      return;
    }
    window.fbAsyncInit = init;
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.defer = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      script.remove();
      failed('The Facebook SDK could not be loaded');
    };
    document.body.appendChild(script);
  });
  loading = { appId, promise };
  return promise;
}
