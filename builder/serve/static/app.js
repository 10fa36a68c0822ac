// builder serve: the page. Every text a roster holds is shown with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { lang: null, archetypes: [], text: {}, path: null, version: null, system: null, timer: null, tab: "findings",
  kept: null, view: "build", at: "[]", undo: [], redo: [], sent: null, drawn: 0 };  // kept: the text as it was opened or last saved, to tell whether there is anything to lose

function t(key, params = {}) {
  let out = state.text[key] || key;
  for (const [k, v] of Object.entries(params)) out = out.replace(`{${k}}`, v);
  return out;
}

function actionable(item, act) {
  // A list item that acts when chosen holds a button with its content: reached with Tab, used
  // with Enter or Space as with the mouse, and still an item of its list.
  const button = document.createElement("button");
  button.type = "button";
  button.className = "row";
  button.append(...item.childNodes);
  button.addEventListener("click", act);
  item.replaceChildren(button);
}

async function api(url, body) {
  const options = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...body, lang: state.lang }) };
  return fetch(url, options);
}

async function loadUI() {
  // The language the player chose last time, kept by the browser; else the server's.
  state.lang = state.lang || localStorage.getItem("builder-lang");
  const ui = await (await api(state.lang ? `/api/ui?lang=${state.lang}` : "/api/ui")).json();
  state.lang = ui.lang;  // the first time, the language the server was started in
  $("lang").value = state.lang;
  state.text = ui.text;
  document.documentElement.lang = state.lang;
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll("[data-label]").forEach((el) => {
    el.setAttribute(el.tagName === "IFRAME" ? "title" : "aria-label", t(el.dataset.label));
  });
  state.systems = Object.fromEntries(ui.systems.map((s) => [s.key, s]));  // by key: its title, and whether it counts points
  const select = $("new-system");
  // Each game's list, then the other kinds of file it starts (a Warbook): «game/kind».
  select.replaceChildren(...ui.systems.flatMap((s) => [new Option(s.title, s.key),
    ...(s.kinds || []).map((k) => new Option(`${s.title} · ${k.title}`, `${s.key}/${k.key}`))]));
  showLimit();
}

async function refreshFiles() {
  const data = await (await api(`/api/files?lang=${state.lang}`)).json();
  state.folder = data.folder;
  state.files = data.files.map((f) => f.path);
  suggestName(state.files);
  $("folder").textContent = data.folder + (data.pack ? " · " + t("serve.pack", { name: data.pack }) : "");
  $("files").replaceChildren(...data.files.map((f) => {
    const li = document.createElement("li");
    li.dataset.path = f.path;
    li.className = f.path === state.path ? "open" : "";
    const name = document.createElement("span");
    name.textContent = f.path;
    const meta = document.createElement("span");
    meta.className = "meta " + statusClass(f);
    meta.textContent = rowMeta(f);
    li.append(name, meta);
    actionable(li, () => openFile(f.path));
    return li;
  }));
}



function unsaved() {
  return state.path !== null && $("text").value !== state.kept;
}

function markUnsaved() {
  $("unsaved").hidden = !unsaved();
}

function mayLeave() {
  // Nothing typed is lost without a word: leaving unsaved changes is asked first.
  return !unsaved() || window.confirm(t("serve.unsaved-leave", { path: state.path }));
}

async function openFile(path) {
  if (path === state.path || !mayLeave()) return;
  const response = await api(`/api/file?path=${encodeURIComponent(path)}`);
  if (!response.ok) return showStatus(t("serve.error." + (await response.json()).code), false);
  const data = await response.json();
  openEditor(path, data.text, data.version);
}

function setEditor(path, text, version, kept = text) {
  state.path = path; state.version = version; state.kept = kept;
  for (const id of ["save", "xlsx", "pdf"]) $(id).disabled = false;
  // A roster not yet on disk has nothing to duplicate or rename: it is saved first.
  for (const id of ["duplicate", "rename"]) $(id).disabled = version === null;
  $("current").textContent = path;
  $("text").value = text;
  $("conflict").hidden = true;
  updateGutter();
  markUnsaved();
  check();
  document.querySelectorAll("#files li").forEach((li) => li.classList.toggle("open", li.dataset.path === path));
}










function updateGutter() {
  const lines = $("text").value.split("\n").length;
  $("gutter").textContent = Array.from({ length: lines }, (_, i) => i + 1).join("\n");
  $("gutter").scrollTop = $("text").scrollTop;
}

function showStatus(message, kind) {
  // kind: a status class (legal, illegal, no-list), or true / false for a message that is good or bad news.
  $("status").textContent = message;
  $("status").className = typeof kind === "string" ? kind : kind ? "legal" : "illegal";
}

function jumpTo(line) {
  if (state.view !== "yaml") showView("yaml");  // a line is a line of the text
  const area = $("text");
  const lines = area.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1] || "").length);
  area.scrollTop = Math.max(0, (line - 3) * parseFloat(getComputedStyle(area).lineHeight));
  updateGutter();
}

async function check() {
  if (!state.path) return;
  // Answers may come back out of order: only the newest question's answer is shown, so an older
  // text's status never overwrites the findings of the text on screen.
  const asked = state.checks = (state.checks || 0) + 1;
  const data = await (await api("/api/check", { path: state.path, text: $("text").value })).json();
  if (asked !== state.checks) return;
  state.system = data.system || state.system;
  state.archetypes = data.archetypes || [];
  const points = data.points === null || data.points === undefined ? (data.measure ? " · " + data.measure : "") :
    " · " + t("serve.points", { points: data.points, limit: data.points_limit ?? "—" });
  const errors = (data.findings || []).filter((f) => f.severity === "error").length;
  const problems = data.readable && errors ? " · " + t(errors === 1 ? "serve.one-problem" : "serve.problems", { n: errors }) : "";
  showStatus(statusText(data) + points + problems, statusClass(data));
  $("findings").replaceChildren(...(data.findings || []).map((f) => {
    const li = document.createElement("li");
    li.className = f.severity;
    const here = f.line && (!f.file || f.file === state.path);
    const where = here ? t("serve.line", { line: f.line }) + " · " : "";
    // The player reads the finding's words and its rule; the code stays for those who look for it.
    const words = document.createElement("span");
    words.textContent = `${where}${here ? (f.detail || f.message) : f.message}`;
    li.append(words);
    if (f.rule) {
      const rule = document.createElement("span");
      rule.className = "rule";
      rule.textContent = ` (${f.rule})`;
      li.append(rule);
    }
    li.title = t("serve.finding-code", { code: f.code });
    li.dataset.code = f.code;
    if (here) actionable(li, () => jumpTo(f.line));
    return li;
  }));
  if (!(data.findings || []).length) {
    const none = document.createElement("li");
    none.textContent = t("serve.no-findings");
    $("findings").replaceChildren(none);
  }
  $("inspect").textContent = data.inspect || "";
  if (state.tab === "preview") preview();
  if (state.tab === "catalog") loadCatalog();
  if (state.tab === "share") share();
}

async function preview() {
  const data = await (await api("/api/preview", { path: state.path, text: $("text").value })).json();
  $("preview").srcdoc = data.html;
}

function fitPreview() {
  // The printed pages are wider than the side panel: shown whole, scaled to its width, never clipped.
  const frame = $("preview");
  const root = frame.contentDocument?.documentElement;
  if (!root) return;
  root.style.zoom = "";
  const wide = root.scrollWidth;
  if (wide > frame.clientWidth) root.style.zoom = String(Math.floor(frame.clientWidth / wide * 100) / 100);
}

async function share() {
  const data = await (await api("/api/share", { path: state.path, text: $("text").value })).json();
  $("share").textContent = data.text || "";
  $("copied").textContent = "";
}

async function copyShare() {
  await navigator.clipboard.writeText($("share").textContent);
  $("copied").textContent = t("serve.copied");
}

async function loadCatalog() {
  if (!state.system) return;
  const data = await (await api(`/api/catalog?system=${encodeURIComponent(state.system)}`)).json();
  data.topics = data.topics || {};
  if (state.archetypes.length) {
    // The Warbook's own archetypes: a character inserts as a squad member.
    data.topics[t("serve.archetypes")] = state.archetypes.map((a) => ({
      name: a.name, detail: a.kind + (a.cost === null ? "" : " · " + a.cost),
      snippet: a.kind === "character" ? `{character: ${a.name}, count: 1}` : a.name }));
  }
  const topics = Object.keys(data.topics);
  const select = $("topic");
  const current = select.value;
  const labels = data.labels || {};
  select.replaceChildren(...topics.map((k) => new Option(labels[k] || k, k)));
  if (topics.includes(current)) select.value = current;
  const rows = (data.topics || {})[select.value] || [];
  $("entries").replaceChildren(...rows.map((row) => {
    const li = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = row.name;
    const detail = document.createElement("span");
    detail.className = "detail";
    detail.textContent = row.detail ? " — " + row.detail : "";
    li.append(name, detail);
    li.title = t("serve.insert");
    actionable(li, () => insert(row.snippet || row.name));
    return li;
  }));
}

function insert(snippet) {
  const area = $("text");
  const at = area.selectionStart;
  area.setRangeText(snippet, at, area.selectionEnd, "end");
  area.focus();
  changed();
}

function changed() {
  updateGutter();
  markUnsaved();
  clearTimeout(state.timer);
  state.timer = setTimeout(check, 250);
}

async function save(version = state.version) {
  if (!state.path) return;
  const response = await api("/api/save", { path: state.path, text: $("text").value, version });
  const data = await response.json();
  if (response.status === 409) {
    $("conflict").hidden = false;
    $("disk-text").textContent = data.disk ?? t("serve.removed");
    state.diskVersion = data.disk_version; state.diskText = data.disk;
    return showStatus(t("serve.error.serve-changed-on-disk"), false);
  }
  if (!response.ok) return showStatus(t("serve.error." + data.code), false);
  state.version = data.version;
  state.kept = $("text").value;
  for (const id of ["duplicate", "rename"]) $(id).disabled = false;
  markUnsaved();
  remember();
  $("conflict").hidden = true;
  showStatus(t("serve.saved", { path: state.path }), true);
  refreshFiles();
}

async function copyRoster(move) {
  if (move && !mayLeave()) return;  // the file on disk moves: what is typed and not saved would not
  const target = window.prompt(t("serve.ask-name"), state.path.replace(/(\.ya?ml)$/i, move ? "$1" : "-2$1"));
  if (!target || target === state.path) return;
  const response = await api("/api/copy", { path: state.path, target, move });
  const data = await response.json();
  if (!response.ok) return showStatus(t("serve.error." + data.code), false);
  await refreshFiles();
  if (move) {
    state.path = null;  // the old name is gone: open the new one without asking again
    await openFile(data.path);
  }
  showStatus(t(move ? "serve.done-rename" : "serve.done-copy", { path: data.path }), true);
}

async function download(kind) {
  const response = await api("/api/export", { path: state.path, text: $("text").value, kind });
  if (!response.ok) return showStatus(t("serve.error.serve-cannot-export"), false);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = state.path.replace(/\.ya?ml$/i, "") + "." + kind;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function showTab(name) {
  state.tab = name;
  for (const tab of ["findings", "inspect", "preview", "catalog", "share"]) $("tab-" + tab).hidden = tab !== name;
  if (name === "preview") preview();
  if (name === "catalog") loadCatalog();
  if (name === "share") share();
}

document.addEventListener("DOMContentLoaded", async () => {
  await loadUI();
  await refreshFiles();
  $("text").addEventListener("input", changed);
  $("text").addEventListener("scroll", () => { $("gutter").scrollTop = $("text").scrollTop; });
  $("save").addEventListener("click", () => save());
  $("keep-mine").addEventListener("click", () => save(state.diskVersion));
  $("take-disk").addEventListener("click", () => {
    setEditor(state.path, state.diskText ?? "", state.diskVersion); renderBuild(); refreshFiles();
  });
  $("undo").addEventListener("click", () => travel(state.undo, state.redo));
  $("redo").addEventListener("click", () => travel(state.redo, state.undo));
  $("view-build").addEventListener("click", () => showView("build"));
  $("view-yaml").addEventListener("click", () => showView("yaml"));
  document.body.addEventListener("htmx:configRequest", builderRequest);
  document.body.addEventListener("htmx:afterSwap", builderAnswered);
  document.body.addEventListener("htmx:responseError", builderRefused);
  $("xlsx").addEventListener("click", () => download("xlsx"));
  $("pdf").addEventListener("click", () => download("pdf"));
  $("duplicate").addEventListener("click", () => copyRoster(false));
  $("rename").addEventListener("click", () => copyRoster(true));
  $("topic").addEventListener("change", loadCatalog);
  listenNewRoster();  // new-roster.js
  $("copy").addEventListener("click", copyShare);
  // A list's link to its Warbook, and the Warbook's to the lists that use it, open that file.
  document.body.addEventListener("click", (event) => {
    const link = event.target.closest("#build [data-open]");
    if (link) openFile(link.dataset.open);
  });
  // The preview is the printed document itself (sheet, then cards on their own pages).
  $("print").addEventListener("click", () => $("preview").contentWindow.print());
  $("lang").addEventListener("change", async () => {
    state.lang = $("lang").value; localStorage.setItem("builder-lang", state.lang); await loadUI(); await refreshFiles(); check(); renderBuild();
  });
  document.querySelectorAll("[data-tab]").forEach((b) => b.addEventListener("click", () => showTab(b.dataset.tab)));
  // A file changed on disk meanwhile (by an editor, another tab) shows in the folder list
  // when the page is looked at again: only the files changed are checked again.
  window.addEventListener("focus", () => refreshFiles());
  listenLeaving();  // memory.js
  document.body.addEventListener("htmx:beforeSwap", builderArriving);
  $("preview").addEventListener("load", fitPreview);
  window.addEventListener("resize", fitPreview);
  await reopen();
});
