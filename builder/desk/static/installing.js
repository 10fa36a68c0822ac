// The builder page as an installed app: registers the service worker (its address and scope on
// this script's tag: data-worker, data-scope), and keeps, in this browser, the last view the
// server drew of each list of «Mis listas» (lists.js), so a list opened with no signal shows as
// last checked, its controls ready: a click made then waits in keeping.js's queue until the
// connection is back.
"use strict";

(() => {
  const tag = document.currentScript;
  const VIEWS = `builder-views:${location.pathname}`;
  // Lists whose last view is kept: one view a list (its last), not the last views drawn of any, or
  // twenty clicks on one list would leave the others offline with their text alone.
  const MOST = 100;
  const $ = (id) => document.getElementById(id);

  if ("serviceWorker" in navigator && tag?.dataset.worker) {
    navigator.serviceWorker.register(tag.dataset.worker, { scope: tag.dataset.scope }).catch(() => {
      /* not installable here (plain http on a network): the page works as before, online */
    });
  }
  if (!("caches" in window) || !$("build")) return;

  function digest(text) {
    // The text's own digest (FNV-1a): the view kept is shown only for exactly that text.
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return `${text.length}-${hash.toString(16)}`;
  }

  function key() {
    // The open list's view in the page's language (a page with no list of its own: one for it).
    const id = window.builderLists?.opened()?.id || "page";
    return `/kept-view/${document.documentElement.lang}/${encodeURIComponent(id)}`;
  }

  async function keep() {
    const build = $("build");
    const text = build.querySelector("#build-text")?.content.textContent;
    if (text == null) return;
    try {
      const views = await caches.open(VIEWS);
      // One put replaces the list's view and puts it last (the lists drawn least lately go first):
      // no moment with none kept, were the page left or reloaded meanwhile.
      await views.put(key(), new Response(build.outerHTML,
                                          { headers: { "content-type": "text/html", "x-text": digest(text) } }));
      const names = await views.keys();
      for (const old of names.slice(0, Math.max(0, names.length - MOST))) await views.delete(old);
    } catch (_) { /* not kept: the page offline shows the list's text alone */ }
  }

  async function restore() {
    // Only on a page with no view drawn yet, for the text it holds.
    const text = $("text")?.value;
    if (!text || $("build").childElementCount) return;
    try {
      const kept = await (await caches.open(VIEWS)).match(key());
      if (!kept || kept.headers.get("x-text") !== digest(text) || $("build").childElementCount) return;
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
