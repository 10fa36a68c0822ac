// The builder page's service worker: it keeps the page's shell so the page opens with no signal.
// SETTINGS (written above this by the server: builder/desk/installing.py) says the version (a hash
// of the shell's files), the page, its copies in each language and the shell's other files.
// The page is asked of the network first and its last answer kept; the shell is answered from the
// cache of this version. POSTs (each click, which carries the list) pass by untouched: never kept.
"use strict";

const PREFIX = `builder-shell:${SETTINGS.scope}:`;
const CACHE = PREFIX + SETTINGS.version;
const SHELL = new Set(SETTINGS.shell);

function pageKey(url) {
  // The page in one language: /build, /build?lang=en (or one of the pages SETTINGS names, as the
  // hosted builder's /build?game=…&lang=es, a page a game). Anything else asked of the page (a refusal's
  // id, a stray parameter) is answered by the network and never kept.
  if (SETTINGS.pages.includes(url.pathname + url.search)) return url.pathname + url.search;
  if (url.pathname !== SETTINGS.page) return null;
  const params = [...url.searchParams.keys()];
  if (!params.length) return SETTINGS.page;
  const lang = url.searchParams.get("lang");
  if (params.length === 1 && SETTINGS.languages.includes(lang)) return `${SETTINGS.page}?lang=${lang}`;
  return null;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SETTINGS.shell);
    // The page itself, in each language: one that can't be had now is kept at the next visit.
    await Promise.all(SETTINGS.pages.map(async (page) => {
      try {
        const answer = await fetch(page, { credentials: "same-origin", cache: "no-store" });
        if (answer.ok) await cache.put(page, answer);
      } catch (_) { /* kept when next visited */ }
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // An older version's cache goes: the new shell takes effect at the next page opened.
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function fromPage(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok && answer.status === 200) await cache.put(key, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(key) || await cache.match(SETTINGS.page);
    if (kept) return kept;
    throw error;
  }
}

async function fromShell(request) {
  const kept = await caches.match(request, { cacheName: CACHE, ignoreSearch: false });
  return kept || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const key = request.mode === "navigate" ? pageKey(url) : null;
  if (key) event.respondWith(fromPage(request, key));
  else if (SHELL.has(url.pathname) && !url.search) event.respondWith(fromShell(request));
});
