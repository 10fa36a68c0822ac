// The builder page as an installed app: registers the service worker (its address and scope on
// this script's tag: data-worker, data-scope), and keeps, in this browser, the last view the
// server drew of each text, so the page opened with no signal shows the list as last checked,
// its controls ready: a click made then waits in keeping.js's queue until the connection is back.
"use strict";

(() => {
  const tag = document.currentScript;
  const VIEWS = `builder-views:${location.pathname}`;
  const MOST = 20;  // views kept: the last lists opened
  const $ = (id) => document.getElementById(id);

  if ("serviceWorker" in navigator && tag?.dataset.worker) {
    navigator.serviceWorker.register(tag.dataset.worker, { scope: tag.dataset.scope }).catch(() => {
      /* not installable here (plain http on a network): the page works as before, online */
    });
  }
  if (!("caches" in window) || !$("build")) return;

  function key(text) {
    // The text's own digest (FNV-1a), with the page's language: the view of exactly that text.
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return `/kept-view/${document.documentElement.lang}/${text.length}-${hash.toString(16)}`;
  }

  async function keep() {
    const build = $("build");
    const text = build.querySelector("#build-text")?.content.textContent;
    if (text == null) return;
    try {
      const views = await caches.open(VIEWS);
      await views.put(key(text), new Response(build.outerHTML, { headers: { "content-type": "text/html" } }));
      const names = await views.keys();
      for (const old of names.slice(0, Math.max(0, names.length - MOST))) await views.delete(old);
    } catch (_) { /* not kept: the page offline shows the list's text alone */ }
  }

  async function restore() {
    // Only on a page with no view drawn yet, for the text it holds.
    const text = $("text")?.value;
    if (!text || $("build").childElementCount) return;
    try {
      const kept = await (await caches.open(VIEWS)).match(key(text));
      if (!kept || $("build").childElementCount) return;
      const view = new DOMParser().parseFromString(await kept.text(), "text/html").getElementById("build");
      if (view && !$("build").childElementCount) $("build").replaceWith(document.adoptNode(view));
    } catch (_) { /* nothing kept */ }
  }

  document.addEventListener("builder:drawn", () => {
    if ($("build").childElementCount) keep();
    else restore();
  });
  restore();
})();
