// The builder on the event desk: the player's list lives in this browser (keeping.js keeps it and
// sends the clicks); the server makes each change, checks it under the event's pack and answers
// with the new view, which carries the new text. This script does no rules: it turns the view's
// controls into clicks, opens, starts and hands in the texts kept, and draws what the server answers.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const root = $("workshop");
  if (!root) return;
  const csrf = root.dataset.csrf;
  const lang = root.dataset.lang;
  const words = JSON.parse($("words").textContent);
  const starts = JSON.parse($("starts").textContent);
  const ROUTES = { "/fragments/edit": "/build/edit", "/fragments/build": "/build/view" };
  const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,98}\.ya?ml$/i;
  const kept = keeping(root, { t, say, announce, take });  // keeping.js

  let drawn = 0;

  function t(key, params = {}) {
    return (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "");
  }

  function say(text) { $("build-status").textContent = text || ""; }

  function announce() { document.dispatchEvent(new CustomEvent("builder:drawn")); }

  function take(click, html) {
    // The view answered: drawn in place of the old one; a click's new text kept (and undoable).
    const build = new DOMParser().parseFromString(html, "text/html").getElementById("build");
    if (!build) return;
    const text = build.querySelector("#build-text")?.content.textContent;
    if (click.url === "/build/edit" && text != null && text !== kept.state.files[click.file]) {
      // One step to undo, with the files a rename was carried into (the lists reading this Warbook).
      const also = [];
      for (const after of build.querySelectorAll("template.carried-text[data-after]")) {
        const name = after.dataset.path;
        if (!Object.hasOwn(kept.state.files, name) || name === click.file) continue;
        also.push({ file: name, text: kept.state.files[name] });
        kept.state.files[name] = after.content.textContent;
      }
      kept.state.undo.push({ file: click.file, text: kept.state.files[click.file], also });
      kept.state.redo = [];
      kept.state.files[click.file] = text;
    }
    if (click.file !== kept.state.open) return;  // another file was opened meanwhile: its view is asked for
    kept.state.at = build.dataset.at || "[]";
    $("build").replaceWith(document.adoptNode(build));
    drawn += 1;
    showTexts();
    bringIntoView(click.source);
    announce();
    if (!kept.state.queue.length) {
      tryChoices();
      if ($("cards-view").open) showCards();
    }
  }

  async function tryChoices() {
    // The choices the rules refuse in the part shown, each saying why (tried on the server, kept
    // there by the texts' hash); not if the view was drawn again meanwhile.
    const at = drawn;
    let said;
    try {
      const response = await kept.post("/build/choices", { file: kept.state.open, at: kept.state.at });
      if (!response.ok || at !== drawn) return;
      said = await response.json();
    } catch (_) { return; }
    if (at !== drawn) return;
    markRefused(said.refused || {}, said.open || {});  // builder/web/static/choices.js, as the local page marks them
    document.dispatchEvent(new CustomEvent("builder:tried"));
  }

  async function showCards() {
    // The printed document itself (the sheet, then the cards), drawn by the server, in a frame
    // that runs no script; scaled to the frame's width.
    const at = drawn;
    try {
      const response = await kept.post("/build/preview", { file: kept.state.open });
      if (!response.ok || at !== drawn) return;
      const frame = $("cards");
      frame.srcdoc = (await response.json()).html || "";
    } catch (_) { /* offline: the cards are shown again with the next view */ }
  }

  function fitCards() {
    const root = $("cards").contentDocument?.documentElement;
    if (!root) return;
    root.style.zoom = "";
    const wide = root.scrollWidth;
    if (wide > $("cards").clientWidth) root.style.zoom = String(Math.floor($("cards").clientWidth / wide * 100) / 100);
  }

  function bringIntoView(source) {
    const id = source || "";
    let place = null;
    if (id.startsWith("o-") || id.startsWith("add-") && $(id)?.classList.contains("add-part")) place = $("detail");
    else if (id.startsWith("add-f-")) place = document.querySelector(`#${CSS.escape(id.slice(4))} > .items > li:last-child`);
    if (!place) return;
    const field = place.querySelector("input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)");
    place.scrollIntoView({ block: "start" });
    if (field) field.focus({ preventScroll: true });
  }

  // --- the view's controls ----------------------------------------------------------------------

  function fieldsOf(element) {
    // What the control sends, as the builder's template says it (hx-vals, hx-include), with its value.
    const out = {};
    for (const [key, value] of Object.entries(JSON.parse(element.getAttribute("hx-vals") || "{}"))) {
      out[key] = typeof value === "string" ? value : JSON.stringify(value);
    }
    if (element.tagName !== "BUTTON" && element.name) {
      if (element.type !== "checkbox") out[element.name] = element.value;
      else if (element.checked) out[element.name] = element.value;
    }
    for (const selector of (element.getAttribute("hx-include") || "").split(",")) {
      const included = selector.trim() && document.querySelector(selector.trim());
      if (included && included.name) out[included.name] = included.value;
    }
    return out;
  }

  function act(element) {
    const url = ROUTES[element.getAttribute("hx-post")];
    if (!url) return;
    const ask = element.getAttribute("hx-confirm");
    if (ask && !window.confirm(ask)) return;
    const fields = fieldsOf(element);
    if (url === "/build/view") kept.state.at = fields.at || "[]";
    kept.queue(url, fields);
    kept.state.queue[kept.state.queue.length - 1].source = element.id || "";
  }

  function onClick(event) {
    const opener = event.target.closest("[data-open]");
    if (opener && $("build").contains(opener)) { open(opener.dataset.open); return; }
    const element = event.target.closest("button[hx-post]");
    if (element && $("build").contains(element)) act(element);
  }

  function onChange(event) {
    const element = event.target;
    if (element.matches("select[hx-post], input[hx-post], textarea[hx-post]") && $("build").contains(element)) act(element);
  }

  // --- the files kept ---------------------------------------------------------------------------

  function showTexts() {
    $("text").value = kept.state.files[kept.state.open] ?? "";
    const select = $("open-file");
    const names = Object.keys(kept.state.files);
    if ([...select.options].map((o) => o.value).join("\n") !== names.join("\n")) {
      select.replaceChildren(...names.map((name) => new Option(name, name)));
    }
    select.value = kept.state.open;
    $("undo").disabled = !kept.state.undo.length;
    $("redo").disabled = !kept.state.redo.length;
  }

  function open(name) {
    if (!(name in kept.state.files)) return;
    kept.state.open = name;
    kept.state.at = "[]";
    showTexts();
    kept.queue("/build/view", { at: "[]" });
  }

  function begin(files, open_) {
    kept.state = { files, open: open_, at: "[]", undo: [], redo: [], queue: [], game: root.dataset.game };
    $("start-panel").hidden = true;
    $("building").hidden = false;
    showTexts();
    kept.queue("/build/view", { at: "[]" });
  }

  function startNew() {
    begin({ "lista.yaml": starts.roster }, "lista.yaml");
  }

  function travel(from, to) {
    // Undo and redo put an earlier text back (of whichever file it was), and show that file.
    const step = from.pop();
    if (!step) return;
    const also = (step.also || []).map((other) => ({ file: other.file, text: kept.state.files[other.file] }));
    to.push({ file: step.file, text: kept.state.files[step.file], also });
    kept.state.files[step.file] = step.text;
    for (const other of step.also || []) kept.state.files[other.file] = other.text;
    if (step.file !== kept.state.open) kept.state.at = "[]";
    kept.state.open = step.file;
    showTexts();
    kept.queue("/build/view", { at: kept.state.at });
  }

  function fileName(extension) {
    // A download is named after its list (the name the server made of it, on the view of the file
    // open); before that file's view is drawn, after the file itself.
    const build = $("build");
    const stem = build.dataset.path === kept.state.open && build.dataset.stem;
    return (stem || kept.state.open.replace(/\.ya?ml$/i, "")) + extension;
  }

  function download(name, blob) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  async function exported(kind, button) {
    // A PDF takes seconds (more under load): the button says it is being made, busy and not
    // pressed again, and the status line says so to a screen reader, until the file is there.
    if (button.getAttribute("aria-busy") === "true") return;
    // Made on the server: with no connection, said at once rather than tried (a browser that can't
    // tell is answered when the request fails, below).
    if (navigator.onLine === false) { say(t("desk.build-export-offline")); return; }
    const label = button.textContent;
    button.setAttribute("aria-busy", "true");
    button.setAttribute("aria-disabled", "true");
    button.textContent = t("desk.build-preparing");
    say(t("desk.build-preparing-long"));
    try {
      const response = await kept.post("/build/export", { file: kept.state.open, kind });
      if (!response.ok) {
        let message = t("desk.build-refused");
        try { message = (await response.json()).message || message; } catch (_) { /* not JSON */ }
        say(message);
        return;
      }
      download(fileName(`.${kind}`), await response.blob());
      say(t("desk.build-downloaded"));
    } catch (_) {
      say(t("desk.build-export-offline"));
    } finally {
      button.textContent = label;
      button.removeAttribute("aria-busy");
      button.removeAttribute("aria-disabled");
    }
  }

  // The team and edit code of «Entregar», kept in this tab alone (sessionStorage: never sent
  // anywhere but with the form, gone with the tab) once fetched or typed, so they are not typed twice.
  const ENTRY = `builder-desk-entry:${location.host}:${root.dataset.event}`;

  function keepEntry(team, code) {
    try { sessionStorage.setItem(ENTRY, JSON.stringify({ team, code })); } catch (_) { /* not kept: typed again */ }
  }

  function fillEntry(entry) {
    if (!$("submit-form") || !entry) return;
    if ($("team").value && $("team").value !== entry.team) return;  // another team was typed since
    $("team").value = entry.team || "";
    if (!$("code").value) $("code").value = entry.code || "";
  }

  function keptEntry() {
    try { return JSON.parse(sessionStorage.getItem(ENTRY) || "null"); } catch (_) { return null; }
  }

  async function fromFiles(chosen) {
    const files = {};
    for (const file of [...chosen].slice(0, 5)) {
      if (file.size > 1024 * 1024) { say(t("desk.build-file-unread")); return; }
      const name = NAME.test(file.name) && !file.name.includes("..") ? file.name : `archivo-${Object.keys(files).length + 1}.yaml`;
      try { files[name] = await file.text(); } catch (_) { say(t("desk.build-file-unread")); return; }
    }
    const names = Object.keys(files);
    if (!names.length) return;
    // The list is the file that names the others (its Warbook); else the first.
    const list = names.find((n) => names.some((m) => m !== n && files[n].includes(m))) || names[0];
    begin(files, list);
  }

  async function fromLast(event) {
    event.preventDefault();
    const body = new FormData($("start-last"));
    body.append("csrf", csrf);
    body.append("lang", lang);
    try {
      const response = await fetch(`/build/last?lang=${lang}`, { method: "POST", body, credentials: "same-origin" });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok || !answer.files) { say(answer.message || t("desk.build-refused")); return; }
      begin(answer.files, Object.keys(answer.files)[0]);
      say(t("desk.build-restored", { version: answer.version }));
      // The team and code just given, in «Entregar» too.
      const entry = { team: $("last-team").value.trim(), code: $("last-code").value.trim() };
      keepEntry(entry.team, entry.code);
      if ($("submit-form")) { $("team").value = entry.team; $("code").value = entry.code; }
    } catch (_) { say(t("desk.build-offline")); }
  }

  async function submitting(event) {
    // «Entregar»: the texts as the form's files, sent as an upload is, once every click is made.
    event.preventDefault();
    while (kept.state.queue.length) {
      kept.pump();
      await kept.wait(200);
    }
    const files = new DataTransfer();
    const names = [kept.state.open, ...Object.keys(kept.state.files).filter((n) => n !== kept.state.open)];
    // The list first (the file that holds one is found by the server; the others are what it reads).
    for (const name of names) files.items.add(new File([kept.state.files[name]], name, { type: "application/yaml" }));
    $("submit-files").files = files.files;
    if ($("code").value.trim()) keepEntry($("team").value.trim(), $("code").value.trim());
    $("submit-form").submit();
  }

  function start() {
    $("build-host").addEventListener("click", onClick);
    $("build-host").addEventListener("change", onChange);
    $("start-new").addEventListener("click", startNew);
    $("start-file").addEventListener("change", (event) => fromFiles(event.target.files));
    $("start-last")?.addEventListener("submit", fromLast);  // none on the hosted builder (no event)
    $("open-file").addEventListener("change", (event) => open(event.target.value));
    $("undo").addEventListener("click", () => travel(kept.state.undo, kept.state.redo));
    $("redo").addEventListener("click", () => travel(kept.state.redo, kept.state.undo));
    $("download-yaml").addEventListener("click", () => download(fileName(".yaml"), new Blob([kept.state.files[kept.state.open]], { type: "application/yaml" })));
    $("download-xlsx").addEventListener("click", () => exported("xlsx", $("download-xlsx")));
    $("download-pdf").addEventListener("click", () => exported("pdf", $("download-pdf")));
    $("start-again").addEventListener("click", () => {
      if (!window.confirm(t("desk.build-start-over"))) return;
      kept.state = null;
      kept.save();
      try { sessionStorage.removeItem(ENTRY); } catch (_) { /* nothing kept */ }
      $("building").hidden = true;
      $("start-panel").hidden = false;
      say(t("desk.build-no-list"));
    });
    for (const button of document.querySelectorAll(".new-kind")) {
      button.addEventListener("click", () => {
        let name = button.dataset.name;
        for (let n = 2; name in kept.state.files; n += 1) name = button.dataset.name.replace(/\.yaml$/, `-${n}.yaml`);
        kept.state.files[name] = starts[button.dataset.kind];
        kept.save();
        open(name);
      });
    }
    $("submit-form")?.addEventListener("submit", submitting);
    fillEntry(keptEntry());
    $("cards-view").addEventListener("toggle", () => { if ($("cards-view").open && kept.state) showCards(); });
    $("cards").addEventListener("load", fitCards);
    window.addEventListener("online", kept.reconnected);
    // Typing not yet sent (its field not left) when the page goes (a reload, a tab closed) becomes
    // a click in the kept queue at once: sent as soon as the page is back, never lost.
    window.addEventListener("pagehide", () => {
      const field = document.activeElement;
      if (kept.state && field && $("build").contains(field) && field.matches("input[hx-post], textarea[hx-post]")
          && field.value !== field.defaultValue) act(field);
    });
    if (kept.state) {
      $("building").hidden = false;
      showTexts();
      // What was left on its way (a reload, a dropped connection) is sent first; then the view.
      if (!kept.state.queue.length) kept.queue("/build/view", { at: kept.state.at });
      else kept.pump();
    } else if (window.builderLists.newAsked()) {
      startNew();  // «Lista nueva» of «Mis listas», pressed with another list open
    } else {
      $("start-panel").hidden = false;
    }
  }

  start();
})();
