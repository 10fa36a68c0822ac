// Sharing a list by a link, on the desk. The link carries the list itself (and every file kept
// beside it: a list's Warbook) after the address's "#", which the browser never sends: its
// version, ".", then the files as JSON, compressed (deflate-raw) and in base64url
// (builder/web/sharing.py reads it). Three pages use it: the builder («Compartir», and «Desde un
// enlace compartido» to start from one), and the page a link opens (/build/shared), which posts
// the link to be checked and shows the list read-only. No rules here: the server checks the list.
import { encode } from "/static/uqr.mjs";

const $ = (id) => document.getElementById(id);
const VERSION = "1";

function wordsOf(id) {
  try { return JSON.parse($(id).textContent); } catch (_) { return {}; }
}

function keyOf(root) {
  // keeping.js's place for the list being built (the same key: the builder finds it on load).
  return `builder-desk:${location.host}:${root.dataset.event}`;
}

function keptState(root) {
  // The list open in the builder: of «Mis listas» (lists.js) when the page has them.
  if (window.builderLists) {
    const state = window.builderLists.current();
    return state && state.files && state.open in state.files ? state : null;
  }
  try {
    const state = JSON.parse(localStorage.getItem(keyOf(root)) || "null");
    return state && state.files && state.open in state.files ? state : null;
  } catch (_) { return null; }
}

function base64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function packed(game, open, files) {
  // The list first, as the link opens it; then the files it reads.
  const ordered = { [open]: files[open] };
  for (const [name, text] of Object.entries(files)) if (name !== open) ordered[name] = text;
  const data = new TextEncoder().encode(JSON.stringify({ game, open, files: ordered }));
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return `${VERSION}.${base64url(new Uint8Array(await new Response(stream).arrayBuffer()))}`;
}

function drawQr(figure, link, t) {
  // The QR code as an SVG of squares (no markup from a string); a link past a QR code's size
  // is said to be so, and stays a link.
  const svgNs = "http://www.w3.org/2000/svg";
  figure.replaceChildren();
  let qr;
  try {
    qr = encode(link, { ecc: "L", border: 2 });
  } catch (_) {
    const note = document.createElement("p");
    note.id = "share-qr-too-long";
    note.textContent = t("serve.share-too-long-for-qr");
    figure.append(note);
    return false;
  }
  const svg = document.createElementNS(svgNs, "svg");
  svg.setAttribute("viewBox", `0 0 ${qr.size} ${qr.size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("serve.share-qr"));
  svg.setAttribute("shape-rendering", "crispEdges");
  const paper = document.createElementNS(svgNs, "rect");
  paper.setAttribute("width", qr.size);
  paper.setAttribute("height", qr.size);
  paper.setAttribute("fill", "#fff");
  let d = "";
  qr.data.forEach((row, y) => row.forEach((dark, x) => { if (dark) d += `M${x} ${y}h1v1h-1z`; }));
  const ink = document.createElementNS(svgNs, "path");
  ink.setAttribute("d", d);
  ink.setAttribute("fill", "#000");
  svg.append(paper, ink);
  figure.append(svg);
  return true;
}

async function posted(root, link) {
  // The link's list checked by the server (nothing of it is kept there): its reading and files.
  const body = new FormData();
  body.append("csrf", root.dataset.csrf);
  body.append("lang", root.dataset.lang);
  body.append("link", link);
  const response = await fetch(`/build/read?lang=${root.dataset.lang}`, { method: "POST", body, credentials: "same-origin" });
  const answer = await response.json().catch(() => ({}));
  return { ok: response.ok && Boolean(answer.files), answer };
}

function building(root, answer) {
  // The list opened in the builder, as keeping.js keeps it (the builder draws it on load): a new
  // list of «Mis listas», opened (the page is drawn again), when the page has them; true then.
  if (window.builderLists) {
    const id = window.builderLists.save({ game: answer.game || root.dataset.game, name: "", open: answer.open,
                                          files: answer.files, at: "[]", undo: [], redo: [], queue: [] });
    if (id) { window.builderLists.open(id); return true; }
  }
  localStorage.setItem(keyOf(root), JSON.stringify({ files: answer.files, open: answer.open, at: "[]",
                                                     undo: [], redo: [], queue: [] }));
}

// --- the builder: «Compartir», and a list started from a link ------------------------------------

function workshop(root) {
  const words = wordsOf("words");  // the builder's (builder.js's), which hold these too
  const t = (key) => words[key] || key;
  const say = (text) => { $("share-said").textContent = text || ""; };

  async function share(focus) {
    const state = keptState(root);
    if (!state) return;
    $("share-panel").hidden = false;
    say(t("serve.share-making"));
    try {
      const fragment = await packed(root.dataset.game, state.open, state.files);
      const link = `${location.origin}/build/shared?lang=${root.dataset.lang}#${fragment}`;
      $("share-link").value = link;
      drawQr($("share-qr"), link, t);
      say("");
      if (focus) $("share-link").focus();
    } catch (_) { say(t("desk.build-refused")); }
  }

  $("share-open")?.addEventListener("click", () => share(true));
  // A link shown is the list as it is now: made again after each change the server answers (once
  // keeping.js has kept it, just after the view is drawn).
  document.addEventListener("builder:drawn", () => {
    if (!$("share-panel").hidden) setTimeout(() => share(false), 0);
  });

  $("share-copy")?.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("share-link").value);
      say(t("serve.share-copied"));
    } catch (_) {
      $("share-link").select();
      say(t("serve.share-copy-failed"));
    }
  });

  $("start-link")?.addEventListener("submit", async (event) => {
    event.preventDefault();
    const status = $("build-status");
    try {
      const { ok, answer } = await posted(root, $("link-pasted").value);
      if (!ok) { status.textContent = answer.message || t("desk.build-refused"); return; }
      if (!building(root, answer)) location.reload();
    } catch (_) { status.textContent = t("desk.build-offline"); }
  });
}

// --- the page a link opens ---------------------------------------------------------------------

function cards(root, answer) {
  // The printed document (the sheet, then the cards), drawn by the server as the builder's preview
  // is, when asked for; in a frame that runs no script, scaled to its width.
  const details = $("shared-cards");
  const frame = $("cards");
  details.hidden = false;
  details.addEventListener("toggle", async () => {
    if (!details.open || frame.srcdoc) return;
    const body = new FormData();
    body.append("csrf", root.dataset.csrf);
    body.append("lang", root.dataset.lang);
    body.append("file", answer.open);
    body.append("game", answer.game || "");  // the hosted builder's lanes are per game; the desk's one pack ignores it
    for (const [name, text] of Object.entries(answer.files)) {
      body.append("files", new Blob([text], { type: "application/yaml" }), name);
    }
    try {
      const response = await fetch(`/build/preview?lang=${root.dataset.lang}`, { method: "POST", body, credentials: "same-origin" });
      if (response.ok) frame.srcdoc = (await response.json()).html || "";
    } catch (_) { /* offline: asked again when opened again */ }
  });
  frame.addEventListener("load", () => {
    const page = frame.contentDocument?.documentElement;
    if (!page) return;
    page.style.zoom = "";
    if (page.scrollWidth > frame.clientWidth) page.style.zoom = String(Math.floor(frame.clientWidth / page.scrollWidth * 100) / 100);
  });
}

async function shared(root) {
  const words = wordsOf("share-words");
  const t = (key) => words[key] || key;
  const say = (text) => { $("share-status").textContent = text || ""; };
  const fragment = location.hash.slice(1);
  if (!fragment) { say(t("serve.share-no-link")); return; }
  let answer;
  try {
    const got = await posted(root, fragment);
    if (!got.ok) { say(got.answer.message || t("desk.build-refused")); return; }
    answer = got.answer;
  } catch (_) { say(t("desk.build-offline")); return; }
  const view = new DOMParser().parseFromString(answer.html, "text/html").querySelector("article.reading");
  if (view) $("shared-view").replaceChildren(document.adoptNode(view));
  say("");
  cards(root, answer);
  document.dispatchEvent(new CustomEvent("builder:drawn"));
  const save = $("share-save");
  save.hidden = false;
  save.addEventListener("click", async () => {
    // Kept with what the server just said of it (answer.status), as the builder keeps a list it drew.
    const entry = { game: answer.game || answer.system || "", name: answer.name || answer.open, open: answer.open,
                    files: answer.files, status: answer.status || null };
    // My lists (lists.js) keep it beside the others, once; without them, it becomes the list being built.
    if (window.builderLists && typeof window.builderLists.save === "function") {
      try {
        if (window.builderLists.keptAs(entry.game, entry.files)) { say(t("serve.share-already-saved")); return; }
        if (!window.builderLists.save(entry)) throw new Error("full");
        say(t("serve.share-saved"));
        return;
      } catch (_) { /* kept as the list being built instead */ }
    }
    // The hosted builder keeps a list per game (its key is the game's), the desk the event's.
    if (!root.dataset.event) root.dataset.event = answer.game || "";
    if (keptState(root) && !window.confirm(t("serve.share-replace"))) return;
    building(root, answer);
    location.href = `/build?lang=${root.dataset.lang}&game=${encodeURIComponent(answer.game || "")}`;
  });
}

const here = $("workshop");
if (here) workshop(here);
const link = $("shared-page");
if (link) shared(link);
