// builder serve: the builder view's glue. The view itself is drawn by the server and swapped
// in by htmx; this only hands each request the roster the page holds, keeps the YAML view and
// the history of clicks in step with each answer, and marks the choices the rules refuse.
// Loaded after app.js and memory.js, whose state, $, t, api and remember it shares.
"use strict";

function openEditor(path, text, version, kept = text) {
  // Another roster: its own history of clicks and part shown, as the page left them when it
  // last showed this very text (kept in the tab's sessionStorage), else from its first part.
  const kept_ = recall(path, text);
  state.undo = kept_?.undo || []; state.redo = kept_?.redo || []; state.at = kept_?.at || "[]";
  setEditor(path, text, version, kept);
  updateHistory();
  remember();
  renderBuild();
}

function renderBuild() {
  // The builder view of the text the page holds, drawn by the server (htmx swaps it in).
  if (!state.path || state.view !== "build") return;
  htmx.ajax("POST", "/fragments/build", { target: "#build", swap: "outerHTML", source: "#build-host",
    values: { at: state.at } });
}

function updateHistory() {
  $("undo").disabled = !state.undo.length;
  $("redo").disabled = !state.redo.length;
}

async function travel(from, to) {
  // Undo and redo put an earlier text back, saved like any change.
  if (!from.length) return;
  to.push($("text").value);
  const text = from.pop();
  $("text").value = text;
  updateGutter();
  await save();  // the folder list is checked again there
  updateHistory();
  remember();
  check();
  renderBuild();
}

function showView(name) {
  state.view = name;
  remember();
  $("view-build").setAttribute("aria-selected", String(name === "build"));
  $("view-yaml").setAttribute("aria-selected", String(name === "yaml"));
  $("build-host").hidden = name !== "build";
  $("yaml-view").hidden = name !== "yaml";
  renderBuild();
}

function builderRequest(event) {
  // Every builder request carries the roster the page holds: its file, its text as typed (the
  // YAML view's edits included), the version it was opened at, and the page's language.
  const path = event.detail.path || "";
  if (!path.startsWith("/fragments/")) return;
  event.detail.parameters.file = state.path || "";
  event.detail.parameters.text = $("text").value;
  event.detail.parameters.version = state.version || "";
  event.detail.parameters.lang = state.lang;
  if (path === "/fragments/edit") { state.sent = $("text").value; remember(); }
}

function builderArriving(event) {
  // An answer about a roster that is no longer open (its field was left as another list was
  // chosen) is not drawn over this one: its change is saved, and joins that roster's history.
  const file = event.detail.requestConfig?.parameters?.file;
  if (file === undefined || file === (state.path || "")) return;
  event.detail.shouldSwap = false;
  const html = new DOMParser().parseFromString(event.detail.serverResponse, "text/html");
  const text = html.querySelector("#build-text")?.content.textContent;
  const sent = event.detail.requestConfig?.parameters?.text;
  if (event.detail.requestConfig?.path === "/fragments/edit" && text != null && sent != null && text !== sent) {
    historyOf(file, sent, text);
  }
}

function builderAnswered(event) {
  const build = $("build");
  if (!build || event.detail.target !== build && !build.contains(event.detail.elt)) return;
  state.at = build.dataset.at || "[]";
  state.drawn += 1;
  takeText(event, build);
  showBuildStatus(build);
  bringIntoView(event.detail.requestConfig?.elt);
  remember();
  // Tried on the text the view was drawn from: the click's answer is taken in first.
  tryChoices();
}

function showBuildStatus(build) {
  // The status line at once from the view just drawn (the server's verdict, total and problem
  // count, as its summary says them); the problems panel follows from /api/check.
  if (!build.dataset.system) return;
  const f = statusOf(build);
  const errors = Number(build.dataset.errors || 0);
  const points = f.points === null ? (f.measure ? " · " + f.measure : "") :
    " · " + t("serve.points", { points: f.points, limit: f.points_limit ?? "—" });
  const problems = errors ? " · " + t(errors === 1 ? "serve.one-problem" : "serve.problems", { n: errors }) : "";
  showStatus(statusText(f) + points + problems, statusClass(f));
}

function bringIntoView(source) {
  // The part opened or added (from the outline) comes into view with its first field focused;
  // an item added to a list of the part shown, likewise. Drawing the view for another reason
  // (a value set, a roster opened) moves nothing.
  const id = source?.id || "";
  let place = null;
  if (id.startsWith("o-") || source?.classList?.contains("add-part")) {
    place = $("detail");
  } else if (id.startsWith("add-f-") && !source.classList.contains("add-part")) {
    place = document.querySelector(`#${CSS.escape(id.slice(4))} > .items > li:last-child`);
  }
  if (!place) return;
  const field = place.querySelector("input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)");
  place.scrollIntoView({ block: "start" });
  if (field) {
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: "nearest" });
  }
}

function takeText(event, build) {
  const text = $("build-text") ? $("build-text").content.textContent : null;
  const sent = state.sent;
  // Only a click's answer changes the text: a view drawn for an earlier text never does.
  if (event.detail.requestConfig?.path !== "/fragments/edit" || sent === null) return;
  state.sent = null;
  if (text === null || text === sent) return;
  // A click changed the roster: the YAML view shows it, and it can be undone.
  state.undo.push(sent); state.redo = [];
  // A rename the server carried into other files (the lists whose Warbook this is, a campaign
  // racing this team): each of them can undo it, once opened.
  for (const before of build.querySelectorAll("template.carried-text[data-before]")) {
    const after = build.querySelector(`template.carried-text[data-after="${before.dataset.before}"]`);
    if (after) historyOf(before.dataset.path, before.content.textContent, after.content.textContent);
  }
  $("text").value = text;
  if (build.dataset.version) { state.version = build.dataset.version; state.kept = text; }
  updateGutter();
  markUnsaved();
  updateHistory();
  check();
  updateRow(build);
  // The folder list is checked again: this file's line (an unreadable one too) and those of
  // the files that read it (the lists whose Warbook it is).
  refreshFiles();
}

async function tryChoices() {
  // The server tries each choice of the part shown against the rules; those it refuses are
  // disabled here, each saying why, unless the view was drawn again meanwhile.
  const drawn = state.drawn;
  const response = await api("/api/choices", { file: state.path, text: $("text").value, at: state.at });
  if (!response.ok || drawn !== state.drawn) return;
  const said = await response.json();
  if (drawn !== state.drawn) return;
  markRefused(said.refused || {}, said.open || {});  // choices.js
}

async function builderRefused(event) {
  state.sent = null;  // the click changed nothing
  let code = "serve-bad-change";
  let data = {};
  try { data = JSON.parse(event.detail.xhr.responseText); code = data.code || code; } catch (_) { /* not JSON */ }
  if (event.detail.xhr.status === 409 && code === "serve-changed-on-disk") {
    $("conflict").hidden = false;
    $("disk-text").textContent = data.disk ?? t("serve.removed");
    state.diskVersion = data.disk_version; state.diskText = data.disk;
  }
  showStatus(data.message || t("serve.error." + code), false);
}

function statusKey(f) {
  // A legal file with no list to play (a Warbook on its own) is no legal list.
  if (!f.readable) return "serve.unreadable";
  if (!f.legal) return "serve.illegal";
  return f.roster === false ? "serve.no-list" : "serve.legal";
}

function statusText(f) {
  // The server's word for the status when it gave one (WARBOOK: what the file is, in its game's words).
  return f.readable && f.status_text ? f.status_text : t(statusKey(f));
}

function statusClass(f) {
  // Green a legal list, red an illegal or unreadable file, neither a file that holds no list.
  if (!f.readable || !f.legal) return "illegal";
  return f.roster === false ? "no-list" : "legal";
}

function rowMeta(f) {
  // A list's points, or what its game counts instead (a lineup's specialty slots: 4/4 …).
  const points = f.points === null || f.points === undefined ? (f.measure ? ` · ${f.measure}` : "")
    : ` · ${f.points}${f.points_limit ? " / " + f.points_limit : ""}`;
  const game = state.systems?.[f.system]?.title || f.system || "?";  // the game's title, never its key
  return `${game}${points} · ${statusText(f)}`;
}

function statusOf(build) {
  // The roster's status as the view just drawn says it (the server's, in its data- attributes).
  return { system: build.dataset.system, readable: true, legal: build.dataset.legal === "true",
    roster: build.dataset.roster !== "false", status_text: build.dataset.statusText,
    points: build.dataset.points === "" ? null : build.dataset.points, points_limit: build.dataset.limit || null,
    measure: build.dataset.measure || null };
}

function updateRow(build) {
  // The open roster's line in the folder's list, from the view just drawn (the other files
  // haven't changed: they are not checked again on every click).
  const meta = document.querySelector(`#files li[data-path="${CSS.escape(state.path)}"] .meta`);
  if (!meta || !build.dataset.system) return;
  const f = statusOf(build);
  meta.className = "meta " + statusClass(f);
  meta.textContent = rowMeta(f);
}
