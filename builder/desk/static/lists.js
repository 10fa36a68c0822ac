// «Mis listas»: every list this browser keeps (with the files it reads, such as a Warbook),
// each under its own localStorage key with its game, its name, when its texts last changed and
// what the server last said of it (read from the builder view's data- attributes: no rules here).
// keeping.js keeps the open one through this API; other scripts may use it too:
//
//   window.builderLists.all()          the lists kept (not removed), newest change first
//   window.builderLists.get(id)        one entry (a copy), or null
//   window.builderLists.save(entry)    keeps an entry ({game, name, files, open} at least); a new
//                                      one gets an id; answers the id ("" if the browser is full)
//   window.builderLists.remove(id)     removed, restorable until the next removal or restore(id)
//   window.builderLists.restore(id)    brings a removed entry back
//   window.builderLists.exported()     every list as one JSON text ({format, lists})
//   window.builderLists.imported(text) merges such a text; answers how many lists were added
//   window.builderLists.current()      the entry open in this tab (keeping.js's state), or null
//   window.builderLists.open(id)       opens an entry on this page (reloads it)
//   window.builderLists.opened()       the open entry itself (the object keeping.js changes)
//   window.builderLists.close()        this tab opens no list (the start panel after a reload)
//   window.builderLists.startNew()     the page's start panel, for a new list
//   window.builderLists.keep(state)    keeping.js's save of the open list (null: started again)
//   window.builderLists.pageFor        (game) => the address where a list of that game opens, or
//                                      null for this page: the hosted builder may set it
//
// The page's settings are on #workshop (a game's builder page) or #start-page (the hosted builder's
// start page: no game and no open list, every list opens on its game's page).
//
// An entry: {id, game, name (the player's own, or ""), changed (ISO time), status: {legal, points,
// limit, measure, text, name (the list's, as the server read it)} or
// null, files: {name: text}, open, at, undo, redo, queue}. Texts are kept byte for byte.
"use strict";

(() => {
  const root = document.getElementById("workshop") || document.getElementById("start-page");
  const host = location.host;
  const PREFIX = `builder-desk:${host}:list:`;
  const OPEN = `builder-lists-open:${host}`;      // this tab's open list (sessionStorage)
  const LAST = `builder-lists-last:${host}`;      // the last list opened in this browser
  const FORMAT = "builder-lists/1";
  const game = root?.dataset.game || "";

  function read(key) {
    try {
      const entry = JSON.parse(localStorage.getItem(key) || "null");
      return entry && entry.files && Object.hasOwn(entry.files, entry.open) ? entry : null;
    } catch (_) { return null; }
  }

  function write(entry) {
    try { localStorage.setItem(PREFIX + entry.id, JSON.stringify(entry)); return true; } catch (_) { return false; }
  }

  function newId() {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  function entries() {
    const found = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(PREFIX)) continue;
      const entry = read(key);
      if (entry) found.push(entry);
    }
    return found;
  }

  function migrate() {
    // Before «Mis listas» the desk kept one list per event, under builder-desk:<host>:<event>.
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(`builder-desk:${host}:`) || key.startsWith(PREFIX)) continue;
      const state = read(key);
      if (!state) continue;
      const entry = { ...state, id: newId(), game, name: "", changed: new Date().toISOString(), status: null };
      if (write(entry)) {
        localStorage.removeItem(key);
        if (!localStorage.getItem(LAST)) localStorage.setItem(LAST, entry.id);
      }
    }
  }

  function statusShown() {
    // What the server said of the list in the view drawn last (the list's own view, not its Warbook's).
    const build = document.getElementById("build");
    if (!build || build.dataset.roster !== "true" || build.dataset.legal === undefined) return null;
    const d = build.dataset;
    return { legal: d.legal === "true", points: d.points || "", limit: d.limit || "", measure: d.measure || "",
             text: d.statusText || "", name: d.name || "" };
  }

  function save(entry) {
    const before = entry.id ? read(PREFIX + entry.id) : null;
    if (!entry.id) entry.id = newId();
    if (!entry.game) entry.game = game;
    if (entry.name == null) entry.name = "";
    // A list given from elsewhere (a shared link's) opens at its first part, with no history yet.
    if (typeof entry.at !== "string") entry.at = "[]";
    for (const steps of ["undo", "redo", "queue"]) if (!Array.isArray(entry[steps])) entry[steps] = [];
    if (!before || JSON.stringify(before.files) !== JSON.stringify(entry.files) || !entry.changed) {
      entry.changed = new Date().toISOString();
    }
    if (entry === kept() && (!entry.queue || !entry.queue.length)) entry.status = statusShown() || entry.status || null;
    // A full storage keeps fewer undo steps rather than none; the texts and the queue come first.
    for (const steps of [40, 20, 10, 5, 0]) {
      if (entry.undo) entry.undo = steps ? entry.undo.slice(-steps) : [];
      if (entry.redo) entry.redo = steps ? entry.redo.slice(-steps) : [];
      if (write(entry)) { draw(); return entry.id; }
    }
    return "";
  }

  let open = null;  // the entry keeping.js holds as its state

  function kept() { return open; }

  function current() {
    migrate();
    let id = "";
    try { id = sessionStorage.getItem(OPEN) || ""; } catch (_) { /* no tab storage */ }
    if (!id && !sessionStorage.getItem(`${OPEN}:closed`)) id = localStorage.getItem(LAST) || "";
    const entry = id ? read(PREFIX + id) : null;
    open = entry && !entry.removed && entry.game === game ? entry : null;
    return open;
  }

  function keep(state) {
    // keeping.js's save: the open list, or none (started again: it is removed, with undo).
    if (!state) {
      if (open && remove(open.id)) {
        document.dispatchEvent(new CustomEvent("builder:list-removed", { detail: { id: open.id } }));
      }
      open = null;
      remember("");
      return true;
    }
    const stored = state.id ? read(PREFIX + state.id) : null;
    if (stored && stored.removed) return true;  // deleted from «Mis listas» while a click was on its way
    const started = !state.id;
    open = state;
    const id = save(state);
    if (id) remember(id);
    if (id && started) document.dispatchEvent(new CustomEvent("builder:list-started", { detail: { id } }));
    return Boolean(id);
  }

  function remember(id) {
    try {
      if (id) { sessionStorage.setItem(OPEN, id); sessionStorage.removeItem(`${OPEN}:closed`); localStorage.setItem(LAST, id); }
      else { sessionStorage.removeItem(OPEN); sessionStorage.setItem(`${OPEN}:closed`, "1"); }
    } catch (_) { /* remembered for this page alone */ }
  }

  function all() {
    return entries().filter((e) => !e.removed).sort((a, b) => (b.changed || "").localeCompare(a.changed || ""));
  }

  function get(id) {
    const entry = read(PREFIX + id);
    return entry ? JSON.parse(JSON.stringify(entry)) : null;
  }

  function remove(id) {
    // One removal kept to undo: an earlier one is gone for good.
    for (const other of entries()) if (other.removed) localStorage.removeItem(PREFIX + other.id);
    const entry = read(PREFIX + id);
    if (!entry) return false;
    entry.removed = new Date().toISOString();
    write(entry);
    if (localStorage.getItem(LAST) === id) localStorage.removeItem(LAST);
    draw();
    return true;
  }

  function restore(id) {
    const entry = read(PREFIX + id);
    if (!entry || !entry.removed) return false;
    delete entry.removed;
    write(entry);
    draw();
    return true;
  }

  function exported() {
    const lists = all().map(({ id, game: g, name, changed, status, files, open: o, at, queue }) =>
      ({ id, game: g, name, changed, status, files, open: o, at, queue: queue || [] }));
    return JSON.stringify({ format: FORMAT, lists }, null, 1);
  }

  function imported(text) {
    // Merged: a list already here (its id or its name, with the same texts) is not kept twice; another
    // with an id taken here gets an id of its own.
    let given;
    try { given = JSON.parse(text); } catch (_) { return -1; }
    if (!given || given.format !== FORMAT || !Array.isArray(given.lists)) return -1;
    let added = 0;
    const here = entries();
    for (const item of given.lists.slice(0, 500)) {
      if (!item || !item.files || typeof item.files !== "object" || !Object.hasOwn(item.files, item.open)) continue;
      if (Object.values(item.files).some((body) => typeof body !== "string")) continue;
      const texts = JSON.stringify(item.files);
      const same = here.find((e) => JSON.stringify(e.files) === texts && e.game === item.game
                                    && (e.id === item.id || e.name === item.name));
      if (same) continue;
      const taken = typeof item.id === "string" && /^[0-9a-f]{16}$/.test(item.id) && !read(PREFIX + item.id);
      const entry = { id: taken ? item.id : newId(), game: String(item.game || game), name: String(item.name || ""),
                      changed: String(item.changed || new Date().toISOString()), status: item.status || null,
                      files: item.files, open: item.open, at: typeof item.at === "string" ? item.at : "[]",
                      undo: [], redo: [], queue: clicks(item.queue, item.files) };
      if (!write(entry)) break;
      here.push(entry);
      added += 1;
    }
    draw();
    return added;
  }

  function clicks(queue, files) {
    // A file's clicks not yet answered, as keeping.js queues them: the builder's two routes alone.
    if (!Array.isArray(queue)) return [];
    return queue.filter((c) => c && (c.url === "/build/edit" || c.url === "/build/view")
      && typeof c.file === "string" && Object.hasOwn(files, c.file) && c.fields && typeof c.fields === "object"
      && Object.values(c.fields).every((v) => typeof v === "string"))
      .map((c) => ({ url: c.url, file: c.file, fields: { ...c.fields } })).slice(0, 200);
  }

  function openList(id) {
    const entry = read(PREFIX + id);
    if (!entry) return;
    remember(id);
    const page = api.pageFor(entry.game);
    if (page) location.assign(page);
    else location.reload();
  }

  function close() {
    open = null;
    remember("");
  }

  function startNew() {
    remember("");
    location.reload();
  }

  const api = { all, get, save, remove, restore, exported, imported, current, keep, opened: kept, open: openList, close, startNew,
                // Where a list of another game opens (the hosted builder sets it); null: this page.
                // On the hosted builder (no event) a page is a game's: a list of another opens on that game's.
                pageFor: (other) => (root?.dataset.hosted && other && other !== game
                  ? `/build?game=${encodeURIComponent(other)}&lang=${root.dataset.lang}` : null) };
  window.builderLists = api;

  let draw = () => {};
  document.addEventListener("DOMContentLoaded", () => {
    if (window.builderListsView) draw = window.builderListsView(api);
    draw();
  });
})();
