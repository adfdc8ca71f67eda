/*
 * KreeChat widget loader (what the plugin enqueues, deferred, in the footer). A deferred script is fetched and run
 * before DOMContentLoaded, so the page waits for it: this one is a few hundred bytes and does nothing but wait —
 * for the site's consent when it asks for one, then for the page's load event and an idle moment — and only then
 * fetches the widget itself (widget-app.js, beside this file) without blocking anything. Before consent nothing of
 * the widget is fetched. Hand-written ES5, copied as it is into web/dist/widget by widget/vite.config.ts.
 */
(function () {
  var w = window;
  var d = document;
  var kc = (w.KreeChat = w.KreeChat || {});
  if (kc.loaderStarted) return;
  kc.loaderStarted = true;
  var config = w.kreechatWidget;
  var me = d.currentScript;
  var base =
    config && typeof config.server === 'string'
      ? config.server.replace(/\/+$/, '') + '/api/widget/'
      : me && me.src
        ? me.src.replace(/[^/?#]*([?#].*)?$/, '')
        : null;
  if (!base) return;
  function load() {
    var script = d.createElement('script');
    script.src = base + 'widget-app.js';
    script.async = true;
    (d.head || d.documentElement).appendChild(script);
  }
  function whenIdle() {
    if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(load, { timeout: 3000 });
    else setTimeout(load, 1);
  }
  function afterLoad() {
    if (d.readyState === 'complete') whenIdle();
    else w.addEventListener('load', whenIdle, { once: true });
  }
  if (!config || !config.requireConsent || kc.consented) afterLoad();
  else d.addEventListener('kreechat:consent', afterLoad, { once: true });
})();
