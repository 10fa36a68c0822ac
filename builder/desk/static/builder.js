// The builder on the event desk: the player's list lives here, in this browser's localStorage,
// and every click is a POST that carries it (with the files it names, as an upload's file parts);
// the server makes the change, checks it under the event's pack and answers with the new view,
// which carries the new text. This script does no rules: it keeps the texts, queues the clicks
// (one at a time, in order; one that can't reach the server is kept and sent again, never lost)
// and draws what the server answers.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const root = $("workshop");
  if (!root) return;
  const csrf = root.dataset.csrf;
  const lang = root.dataset.lang;
  const words = JSON.parse($("words").textContent);
  const starts = JSON.parse($("starts").textContent);
  const KEY = `builder-desk:${location.host}:${root.dataset.event}`;
  const STEPS = 40;  // undo steps kept: each a whole text
  const ROUTES = { "/fragments/edit": "/build/edit", "/fragments/build": "/build/view" };
  const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,98}\.ya?ml$/i;

  let state = load();
  let running = false;
  let drawn = 0;
  let delay = 500;

  function t(key, params = {}) {
    return (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "");
  }

  function load() {
    try {
      const kept = JSON.parse(localStorage.getItem(KEY) || "null");
      return kept && kept.files && kept.open in kept.files ? kept : null;
    } catch (_) { return null; }
  }

  function save() {
    if (!state) { localStorage.removeItem(KEY); return; }
    // A full storage keeps fewer undo steps rather than none; the texts and the queue come first.
    for (const steps of [STEPS, 20, 10, 5, 0]) {
      state.undo = steps ? state.undo.slice(-steps) : [];
      state.redo = steps ? state.redo.slice(-steps) : [];
      try { localStorage.setItem(KEY, JSON.stringify(state)); return; } catch (_) { /* fewer steps */ }
    }
    say(t("desk.build-file-unread"));
  }

  function say(text) { $("build-status").textContent = text || ""; }

  function announce() { document.dispatchEvent(new CustomEvent("builder:drawn")); }

  function form(fields) {
    // The click's fields, then the texts as file parts (bounded as an upload's files are).
    const body = new FormData();
    body.append("csrf", csrf);
    body.append("lang", lang);
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    for (const [name, text] of Object.entries(state.files)) {
      body.append("files", new Blob([text], { type: "application/yaml" }), name);
    }
    return body;
  }

  function post(url, fields) {
    return fetch(`${url}?lang=${lang}`, { method: "POST", body: form(fields), credentials: "same-origin" });
  }

  const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

  // --- the clicks' queue ------------------------------------------------------------------------

  function queue(url, fields) {
    if (url === "/build/view") {
      // Only the last view asked for is drawn: an earlier one changes no text.
      state.queue = state.queue.filter((click) => click.url !== "/build/view");
    }
    state.queue.push({ url, fields, file: state.open });
    save();
    pump();
  }

  async function pump() {
    if (running) return;
    running = true;
    try {
      while (state && state.queue.length) {
        const click = state.queue[0];
        let response;
        let html;
        try {
          response = await post(click.url, { ...click.fields, file: click.file });
          if (response.status >= 500 || response.status === 429 || response.status === 408) {
            say(t("desk.build-busy"));
            await wait(Math.max(delay, 1000 * Number(response.headers.get("Retry-After") || 0)));
            delay = Math.min(delay * 2, 5000);
            continue;
          }
          html = await response.text();
        } catch (_) {
          // No answer: the click stays first in the queue, kept here, and is sent again.
          say(t("desk.build-offline"));
          announce();
          await wait(delay);
          delay = Math.min(delay * 2, 5000);
          continue;
        }
        delay = 500;
        if (!state) return;
        state.queue.shift();
        if (!response.ok) {
          let message = t("desk.build-refused");
          try { message = JSON.parse(html).message || message; } catch (_) { /* a page, not JSON */ }
          save();
          say(message);
          announce();
          continue;
        }
        take(click, html);
        save();
      }
      if (state) say("");
    } finally {
      running = false;
    }
    if (state && state.queue.length) pump();
  }

  function take(click, html) {
    // The view answered: drawn in place of the old one; a click's new text kept (and undoable).
    const build = new DOMParser().parseFromString(html, "text/html").getElementById("build");
    if (!build) return;
    const text = build.querySelector("#build-text")?.content.textContent;
    if (click.url === "/build/edit" && text != null && text !== state.files[click.file]) {
      // One step to undo, with the files a rename was carried into (the lists reading this Warbook).
      const also = [];
      for (const after of build.querySelectorAll("template.carried-text[data-after]")) {
        const name = after.dataset.path;
        if (!Object.hasOwn(state.files, name) || name === click.file) continue;
        also.push({ file: name, text: state.files[name] });
        state.files[name] = after.content.textContent;
      }
      state.undo.push({ file: click.file, text: state.files[click.file], also });
      state.redo = [];
      state.files[click.file] = text;
    }
    if (click.file !== state.open) return;  // another file was opened meanwhile: its view is asked for
    state.at = build.dataset.at || "[]";
    $("build").replaceWith(document.adoptNode(build));
    drawn += 1;
    showTexts();
    bringIntoView(click.source);
    announce();
    if (!state.queue.length) {
      tryChoices();
      if ($("cards-view").open) showCards();
    }
  }

  async function tryChoices() {
    // The choices the rules refuse in the part shown, each saying why (tried on the server, kept
    // there by the texts' hash); not if the view was drawn again meanwhile.
    const at = drawn;
    let refused;
    try {
      const response = await post("/build/choices", { file: state.open, at: state.at });
      if (!response.ok || at !== drawn) return;
      refused = (await response.json()).refused || {};
    } catch (_) { return; }
    if (at !== drawn) return;
    markRefused(refused);  // builder/web/static/choices.js, as the local page marks them
    document.dispatchEvent(new CustomEvent("builder:tried"));
  }

  async function showCards() {
    // The printed document itself (the sheet, then the cards), drawn by the server, in a frame
    // that runs no script; scaled to the frame's width.
    const at = drawn;
    try {
      const response = await post("/build/preview", { file: state.open });
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
    if (url === "/build/view") state.at = fields.at || "[]";
    queue(url, fields);
    state.queue[state.queue.length - 1].source = element.id || "";
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
    $("text").value = state.files[state.open] ?? "";
    const select = $("open-file");
    const names = Object.keys(state.files);
    if ([...select.options].map((o) => o.value).join("\n") !== names.join("\n")) {
      select.replaceChildren(...names.map((name) => new Option(name, name)));
    }
    select.value = state.open;
    $("undo").disabled = !state.undo.length;
    $("redo").disabled = !state.redo.length;
  }

  function open(name) {
    if (!(name in state.files)) return;
    state.open = name;
    state.at = "[]";
    showTexts();
    queue("/build/view", { at: "[]" });
  }

  function begin(files, open_) {
    state = { files, open: open_, at: "[]", undo: [], redo: [], queue: [] };
    $("start-panel").hidden = true;
    $("building").hidden = false;
    showTexts();
    queue("/build/view", { at: "[]" });
  }

  function travel(from, to) {
    // Undo and redo put an earlier text back (of whichever file it was), and show that file.
    const step = from.pop();
    if (!step) return;
    const also = (step.also || []).map((other) => ({ file: other.file, text: state.files[other.file] }));
    to.push({ file: step.file, text: state.files[step.file], also });
    state.files[step.file] = step.text;
    for (const other of step.also || []) state.files[other.file] = other.text;
    if (step.file !== state.open) state.at = "[]";
    state.open = step.file;
    showTexts();
    queue("/build/view", { at: state.at });
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

  async function exported(kind) {
    try {
      const response = await post("/build/export", { file: state.open, kind });
      if (!response.ok) {
        let message = t("desk.build-refused");
        try { message = (await response.json()).message || message; } catch (_) { /* not JSON */ }
        say(message);
        return;
      }
      download(state.open.replace(/\.ya?ml$/i, "") + "." + kind, await response.blob());
    } catch (_) { say(t("desk.build-offline")); }
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
    } catch (_) { say(t("desk.build-offline")); }
  }

  async function submitting(event) {
    // «Entregar»: the texts as the form's files, sent as an upload is, once every click is made.
    event.preventDefault();
    while (state.queue.length) {
      pump();
      await wait(200);
    }
    const files = new DataTransfer();
    const names = [state.open, ...Object.keys(state.files).filter((n) => n !== state.open)];
    // The list first (the file that holds one is found by the server; the others are what it reads).
    for (const name of names) files.items.add(new File([state.files[name]], name, { type: "application/yaml" }));
    $("submit-files").files = files.files;
    $("submit-form").submit();
  }

  function start() {
    $("build-host").addEventListener("click", onClick);
    $("build-host").addEventListener("change", onChange);
    $("start-new").addEventListener("click", () => begin({ "lista.yaml": starts.roster }, "lista.yaml"));
    $("start-file").addEventListener("change", (event) => fromFiles(event.target.files));
    $("start-last").addEventListener("submit", fromLast);
    $("open-file").addEventListener("change", (event) => open(event.target.value));
    $("undo").addEventListener("click", () => travel(state.undo, state.redo));
    $("redo").addEventListener("click", () => travel(state.redo, state.undo));
    $("download-yaml").addEventListener("click", () => download(state.open, new Blob([state.files[state.open]], { type: "application/yaml" })));
    $("download-xlsx").addEventListener("click", () => exported("xlsx"));
    $("download-pdf").addEventListener("click", () => exported("pdf"));
    $("start-again").addEventListener("click", () => {
      if (!window.confirm(t("desk.build-start-over"))) return;
      state = null;
      save();
      $("building").hidden = true;
      $("start-panel").hidden = false;
      say(t("desk.build-no-list"));
    });
    for (const button of document.querySelectorAll(".new-kind")) {
      button.addEventListener("click", () => {
        let name = button.dataset.name;
        for (let n = 2; name in state.files; n += 1) name = button.dataset.name.replace(/\.yaml$/, `-${n}.yaml`);
        state.files[name] = starts[button.dataset.kind];
        save();
        open(name);
      });
    }
    $("submit-form")?.addEventListener("submit", submitting);
    $("cards-view").addEventListener("toggle", () => { if ($("cards-view").open && state) showCards(); });
    $("cards").addEventListener("load", fitCards);
    window.addEventListener("online", () => { delay = 500; if (state) pump(); });
    // Typing not yet sent (its field not left) when the page goes (a reload, a tab closed) becomes
    // a click in the kept queue at once: sent as soon as the page is back, never lost.
    window.addEventListener("pagehide", () => {
      const field = document.activeElement;
      if (state && field && $("build").contains(field) && field.matches("input[hx-post], textarea[hx-post]")
          && field.value !== field.defaultValue) act(field);
    });
    if (state) {
      $("building").hidden = false;
      showTexts();
      // What was left on its way (a reload, a dropped connection) is sent first; then the view.
      if (!state.queue.length) queue("/build/view", { at: state.at });
      else pump();
    } else {
      $("start-panel").hidden = false;
    }
  }

  start();
})();
