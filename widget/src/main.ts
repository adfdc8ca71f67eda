import type { WidgetPageConfig } from '@kreechat/contract';
import { widgetApi } from './api';
import { translator } from './i18n';
import { pickLanguage } from './language';
import { browserStorage, sessionStore } from './storage';
import { WidgetView } from './view';
import { Widget } from './widget';

/**
 * The widget's entry (an IIFE). The plugin prints `window.kreechatWidget` and loads this script deferred in the
 * footer; caching and "delay JS" plugins may instead run it late (after load), on the first interaction, or twice.
 * So: one instance per page whatever runs it, nothing done before the site's consent when it asks for one,
 * and the widget built when the browser is idle.
 */
declare global {
  interface Window {
    kreechatWidget?: WidgetPageConfig;
    KreeChat?: { consented?: boolean; consent?: () => void; widgetStarted?: boolean };
  }
}

const IDLE_TIMEOUT_MS = 3000;

function boot(): void {
  const config = window.kreechatWidget;
  if (!config || typeof config.server !== 'string' || typeof config.tokenId !== 'string') {
    console.warn('KreeChat widget: window.kreechatWidget is missing; the plugin prints it before this script.');
    return;
  }
  const kc = (window.KreeChat ??= {});
  if (kc.widgetStarted) return;
  kc.widgetStarted = true;

  const whenConsented = (go: () => void) => {
    if (!config.requireConsent || kc.consented) go();
    else document.addEventListener('kreechat:consent', go, { once: true });
  };
  const whenIdle = (go: () => void) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(go, 1);
  };
  const whenBody = (go: () => void) => {
    if (document.body) go();
    else document.addEventListener('DOMContentLoaded', go, { once: true });
  };
  whenConsented(() => whenIdle(() => whenBody(() => mount(config))));
}

function mount(config: WidgetPageConfig): void {
  const server = config.server.replace(/\/+$/, '');
  const language = pickLanguage(config.locale, document.documentElement.lang);
  const t = translator(language);
  const widget = new Widget({
    config: { ...config, server },
    language,
    t,
    api: widgetApi(server),
    store: sessionStore(browserStorage(), config.tokenId),
    identity: () => fetchIdentity(config),
  });
  // An element name no theme styles (themes style div, section, aside…), reset inline — through the CSSOM,
  // which a Content-Security-Policy does not count as inline style — against rules like `* { transform: … }`
  // that would make the fixed launcher scroll with the page.
  const host = document.createElement('kreechat-widget');
  host.style.setProperty('all', 'initial', 'important');
  document.body.append(host);
  widget.attach(
    new WidgetView(host, t, language, {
      toggle: () => widget.toggle(),
      close: () => widget.close(),
      retry: () => widget.retry(),
      guest: (name, email) => widget.guest(name, email),
      guestEdited: () => widget.guestEdited(),
      send: (text) => widget.send(text),
      pickFile: (file) => widget.pickFile(file),
      resend: (id) => widget.resend(id),
      older: () => widget.older(),
      chooseDepartment: (id) => widget.chooseDepartment(id),
      rate: (rating) => widget.rate(rating),
      endChat: () => widget.endChat(),
      fileUrl: (message) => widget.fileUrl(message),
    }),
  );
}

/**
 * The logged-in visitor's signed identity from the plugin's REST route, read fresh on every load (never from a
 * cache: `no-store`, and the nonce ties it to the WordPress login cookie). Null for a logged-out visitor or on
 * any failure — the visitor is then a guest.
 */
async function fetchIdentity(config: WidgetPageConfig): Promise<string | null> {
  if (!config.identityUrl || !config.nonce) return null;
  try {
    const response = await fetch(config.identityUrl, {
      headers: { 'X-WP-Nonce': config.nonce },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { identity?: unknown };
    return typeof body.identity === 'string' && body.identity ? body.identity : null;
  } catch {
    return null;
  }
}

boot();
