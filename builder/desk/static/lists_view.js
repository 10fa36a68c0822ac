// «Mis listas» drawn on the builder page: each list kept in this browser (lists.js) with its game's
// title, its name, its points or the game's measure and whether it is legal, as the server last
// said, and when it last changed; open, duplicate, rename and delete it (undone from the notice),
// start a new one (or go to the start panel's other ways), and export or import all of them as one
// file. The hosted builder's start page draws them too, every game's, with no «Lista nueva» (a new
// list is a game's: its buttons there).
"use strict";

window.builderListsView = (lists) => {
  const $ = (id) => document.getElementById(id);
  if (!$("my-lists")) return () => {};
  const words = JSON.parse($("words").textContent);
  const games = JSON.parse($("games").textContent);
  const lang = document.documentElement.lang;
  let removedId = "";

  function t(key, params = {}) {
    return (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "");
  }

  function nameOf(entry) { return entry.name || entry.status?.name || entry.open; }

  function measureOf(status) {
    if (!status) return t("desk.lists-unchecked");
    if (status.measure) return status.measure;
    if (status.points && status.limit) return t("serve.points", { points: status.points, limit: status.limit });
    return status.points ? t("desk.lists-points", { points: status.points }) : "";
  }

  function when(iso) {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return "";
    return date.toLocaleString(lang === "en" ? "en-GB" : "es-ES", { dateStyle: "short", timeStyle: "short" });
  }

  function button(label, name, action) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t(label);
    b.setAttribute("aria-label", t(`${label}-named`, { name }));
    b.addEventListener("click", action);
    return b;
  }

  function row(entry, open) {
    const item = document.createElement("li");
    item.className = "kept-list";
    item.dataset.id = entry.id;
    if (open && open.id === entry.id) item.setAttribute("aria-current", "true");
    const name = nameOf(entry);
    const head = document.createElement("h3");
    head.textContent = name;
    const facts = document.createElement("p");
    const status = entry.status;
    const legal = status ? (status.legal ? t("serve.legal") : t("serve.illegal")) : "";
    const parts = [games[entry.game] || t("desk.lists-other-game"), measureOf(status), legal,
                   t("desk.lists-changed", { when: when(entry.changed) })];
    facts.textContent = parts.filter(Boolean).join(" · ");
    if (status) facts.dataset.legal = String(status.legal);
    const tools = document.createElement("p");
    tools.className = "workshop-tools";
    tools.append(
      button("desk.lists-open", name, () => lists.open(entry.id)),
      button("desk.lists-duplicate", name, () => duplicate(entry.id)),
      button("desk.lists-rename", name, () => rename(entry.id)),
      button("desk.lists-delete", name, () => remove(entry.id)));
    item.append(head, facts, tools);
    return item;
  }

  function draw() {
    const all = lists.all();
    const open = lists.opened();
    const list = $("lists");
    list.replaceChildren(...all.map((entry) => row(entry, open)));
    $("lists-none").hidden = all.length > 0;
    $("lists-count").textContent = String(all.length);
  }

  function duplicate(id) {
    const entry = lists.get(id);
    if (!entry) return;
    delete entry.id;
    entry.name = t("desk.lists-copy-of", { name: nameOf(entry) });
    entry.undo = [];
    entry.redo = [];
    entry.changed = "";
    const made = lists.save(entry);
    notice(made ? t("desk.lists-duplicated", { name: entry.name }) : t("desk.build-file-unread"));
    if (made) document.querySelector(`#lists li[data-id="${made}"] button`)?.focus();
  }

  function rename(id) {
    const entry = lists.get(id);
    if (!entry) return;
    const name = window.prompt(t("desk.lists-new-name"), nameOf(entry));
    if (name == null || !name.trim()) return;
    if (lists.opened() && lists.opened().id === id) return renameOpen(name.trim().slice(0, 80));
    entry.name = name.trim().slice(0, 80);
    const changed = entry.changed;
    lists.save({ ...entry, changed });
    notice(t("desk.lists-renamed", { name: entry.name }));
  }

  function renameOpen(name) {
    // The open list is keeping.js's state: renamed there, so the next click keeps the name.
    const state = lists.opened();
    if (!state) return;
    state.name = name;
    lists.save(state);
    notice(t("desk.lists-renamed", { name }));
  }

  function removed(id) {
    // Deleted here or by «Empezar de nuevo»: said, with the button that brings it back.
    const entry = lists.get(id);
    removedId = id;
    notice(t("desk.lists-deleted", { name: entry ? nameOf(entry) : "" }), true);
  }

  function remove(id) {
    const entry = lists.get(id);
    if (!entry) return;
    const open = Boolean(lists.opened() && lists.opened().id === id);
    lists.remove(id);
    removed(id);
    $("lists-undo").focus();
    if (open) {
      lists.close();
      $("building").hidden = true;
      $("start-panel").hidden = false;
    }
  }

  function notice(text, undoable = false) {
    $("lists-said").textContent = text;
    $("lists-undo").hidden = !undoable;
  }

  function undo() {
    if (removedId && lists.restore(removedId)) {
      const entry = lists.get(removedId);
      notice(t("desk.lists-restored", { name: entry ? nameOf(entry) : "" }));
      removedId = "";
      // «Lista nueva» if it shows (not with the start panel's own), else «Exportar».
      ([$("lists-new"), $("lists-export")].find((b) => b && b.getClientRects().length) || $("lists-export")).focus();
    }
  }

  function exportAll() {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([lists.exported()], { type: "application/json" }));
    link.download = `${t("desk.lists-file")}-${new Date().toISOString().slice(0, 10)}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  async function importAll(event) {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > 8 * 1024 * 1024) { notice(t("desk.lists-import-bad")); return; }
    const added = lists.imported(await file.text());
    notice(added < 0 ? t("desk.lists-import-bad") : t("desk.lists-imported", { count: added }));
  }

  if (!lists.opened()) $("my-lists").open = true;
  $("lists-new")?.addEventListener("click", () => lists.startNew());
  $("lists-start")?.addEventListener("click", () => lists.startPanel());
  $("lists-export").addEventListener("click", exportAll);
  $("lists-import").addEventListener("change", importAll);
  $("lists-undo").addEventListener("click", undo);
  // A list begun (new, from a file, from the last submission): the builder comes first on a phone.
  document.addEventListener("builder:list-started", () => { $("my-lists").open = false; });
  document.addEventListener("builder:list-removed", (event) => { removed(event.detail.id); $("my-lists").open = true; });
  // Another tab changed the lists: drawn again.
  window.addEventListener("storage", (event) => { if (!event.key || event.key.startsWith("builder-desk:")) draw(); });
  return draw;
};
