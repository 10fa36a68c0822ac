// «Mis listas»: every list this browser keeps (with the files it reads, such as a Warbook),
// each under its own localStorage key with its game, its name, when its texts last changed and
// what the server last said of it (read from the builder view's data- attributes: no rules here).
// keeping.js keeps the open one through this API; other scripts may use it too:
//
//   window.builderLists.all()          the lists kept (not removed), newest change first
//   window.builderLists.get(id)        one entry (a copy), or null
//   window.builderLists.keptAs(g, fs)  the id of the list of game g kept with these texts, or ""
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
//   window.builderLists.startNew()     a new list started on this page (it is drawn again)
//   window.builderLists.startPanel()   this page drawn again with its start panel (no list open)
//   window.builderLists.newAsked()     whether startNew drew this page (true once: builder.js starts it)
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
  // The last list of each game opened in this browser (<LAST>:<game>): a game's page opens its own
  // last list, whichever game's list was used after it.
  const lastOf = (g) => `${LAST}:${g}`;
  const closedOf = (g) => `${OPEN}:closed:${g}`;  // this tab started again on that game's page
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
        if (!localStorage.getItem(lastOf(game))) localStorage.setItem(lastOf(game), entry.id);
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
    // This tab's open list if it is this page's game's; else, unless this tab started again here,
    // the last list of this game opened in this browser (an older browser remembers only the last
    // of any game).
    migrate();
    const ours = (id) => {
      const entry = id ? read(PREFIX + id) : null;
      return entry && !entry.removed && entry.game === game ? entry : null;
    };
    let id = "";
    let closed = false;
    try {
      id = sessionStorage.getItem(OPEN) || "";
      closed = Boolean(sessionStorage.getItem(closedOf(game)));
    } catch (_) { /* no tab storage */ }
    open = ours(id) || (closed ? null : ours(localStorage.getItem(lastOf(game))) || ours(localStorage.getItem(LAST)));
    return open;
  }

  function keep(state) {
    // keeping.js's save: the open list, or none (started again: it is removed, with undo).
    if (!state) {
      if (open && remove(open.id)) {
        document.dispatchEvent(new CustomEvent("builder:list-removed", { detail: { id: open.id } }));
      }
      open = null;
      remember("", game);
      return true;
    }
    const stored = state.id ? read(PREFIX + state.id) : null;
    if (stored && stored.removed) return true;  // deleted from «Mis listas» while a click was on its way
    const started = !state.id;
    open = state;
    const id = save(state);
    if (id) remember(id, state.game);
    if (id && started) document.dispatchEvent(new CustomEvent("builder:list-started", { detail: { id } }));
    return Boolean(id);
  }

  function remember(id, g) {
    // id: the list of game g opened in this tab; "": this tab opens no list of game g.
    try {
      if (id) {
        sessionStorage.setItem(OPEN, id);
        sessionStorage.removeItem(closedOf(g));
        localStorage.setItem(LAST, id);
        localStorage.setItem(lastOf(g), id);
      } else {
        sessionStorage.removeItem(OPEN);
        sessionStorage.setItem(closedOf(g), "1");
      }
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
    for (const key of [LAST, lastOf(entry.game)]) if (localStorage.getItem(key) === id) localStorage.removeItem(key);
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

  function texts(files) {
    // A list's texts as one value, whatever the order its files were kept in: the same texts are
    // the same list, whatever its id or the name it is shown by.
    return JSON.stringify(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  function keptAs(g, files) {
    // The list kept (not removed) of game g with these very texts: its id, or "".
    const wanted = texts(files);
    return all().find((e) => e.game === g && texts(e.files) === wanted)?.id || "";
  }

  function imported(text) {
    // Merged: a list already here before (the same game and texts) is not kept twice; the file's own
    // lists are all kept (a list and its copy not yet changed are two); one with an id taken here gets
    // an id of its own.
    let given;
    try { given = JSON.parse(text); } catch (_) { return -1; }
    if (!given || given.format !== FORMAT || !Array.isArray(given.lists)) return -1;
    let added = 0;
    const here = all().map((e) => `${e.game}\n${texts(e.files)}`);
    for (const item of given.lists.slice(0, 500)) {
      if (!item || !item.files || typeof item.files !== "object" || !Object.hasOwn(item.files, item.open)) continue;
      if (Object.values(item.files).some((body) => typeof body !== "string")) continue;
      if (here.includes(`${String(item.game || game)}\n${texts(item.files)}`)) continue;
      const taken = typeof item.id === "string" && /^[0-9a-f]{16}$/.test(item.id) && !read(PREFIX + item.id);
      const entry = { id: taken ? item.id : newId(), game: String(item.game || game), name: String(item.name || ""),
                      changed: String(item.changed || new Date().toISOString()), status: item.status || null,
                      files: item.files, open: item.open, at: typeof item.at === "string" ? item.at : "[]",
                      undo: [], redo: [], queue: clicks(item.queue, item.files) };
      if (!write(entry)) break;
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
    remember(id, entry.game);
    const page = api.pageFor(entry.game);
    if (page) location.assign(page);
    else location.reload();
  }

  function close() {
    open = null;
    remember("", game);
  }

  function startNew() {
    // «Lista nueva»: the page drawn again with a new list started in its builder (a click still on
    // its way stays with the list it was made on).
    remember("", game);
    try { sessionStorage.setItem(closedOf(game), "new"); } catch (_) { /* the start panel, then */ }
    location.reload();
  }

  function startPanel() {
    // The page drawn again with no list open: its start panel (from files, a link, the last submission).
    remember("", game);
    location.reload();
  }

  function newAsked() {
    // Whether «Lista nueva» drew this page again to start a list (asked once).
    try {
      if (sessionStorage.getItem(closedOf(game)) !== "new") return false;
      sessionStorage.setItem(closedOf(game), "1");
      return true;
    } catch (_) { return false; }
  }

  const api = { all, get, keptAs, save, remove, restore, exported, imported, current, keep, opened: kept, open: openList, close, startNew, startPanel, newAsked,
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
