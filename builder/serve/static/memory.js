// builder serve: the page's memory over reloads, in the tab's sessionStorage: per folder, the
// roster open and its view; per roster, the part shown and the history of clicks. Typing not yet
// sent goes as the page is left or hidden, and after a reload the roster that was open opens again.
// Loaded after app.js, whose state, $, unsaved and openFile it shares (showView is build.js's).
"use strict";

const REMEMBERED_STEPS = 40;
/* Undo steps kept per roster in sessionStorage: each is a whole text. */

function memoryKey(path) {
  return `builder:${state.folder}:${path}`;
}

function remember() {
  // Per folder, the roster open and its view; per roster, the part shown and the history of
  // clicks, with the text they lead to (a history is only taken back for that same text). The
  // page remembers what it sent and was answered; the rules stay on the server.
  if (!state.folder) return;
  const store = (key, value) => {
    try { sessionStorage.setItem(key, JSON.stringify(value)); return true; } catch (_) { return false; }
  };
  store(`builder:${state.folder}`, { path: state.path, view: state.view });
  if (!state.path) return;
  for (let steps = REMEMBERED_STEPS; steps >= 0; steps = steps ? Math.floor(steps / 2) : -1) {
    // A full storage keeps fewer steps rather than none.
    if (store(memoryKey(state.path), { at: state.at, text: $("text").value, sending: state.sent !== null,
      undo: state.undo.slice(-steps || state.undo.length + 1), redo: state.redo.slice(-steps || state.redo.length + 1) })) return;
  }
}

function recall(path, text) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(memoryKey(path)) || "null");
    if (!kept || kept.text === text) return kept;
    // The page went (a reload) with a click on its way, typing sent as it left: the server saved
    // it, its answer was never read. The text found is that click's: one more step to undo.
    return kept.sending ? { ...kept, undo: [...(kept.undo || []), kept.text].slice(-REMEMBERED_STEPS), redo: [] } : null;
  } catch (_) { return null; }
}

function recallFolder() {
  try { return JSON.parse(sessionStorage.getItem(`builder:${state.folder}`) || "null"); } catch (_) { return null; }
}

function historyOf(path, sent, text) {
  // A click's answer for a roster no longer open (another was opened meanwhile): its step joins
  // that roster's remembered history.
  try {
    const kept = JSON.parse(sessionStorage.getItem(memoryKey(path)) || "null") || { at: "[]", undo: [], redo: [] };
    kept.undo = [...(kept.undo || []), sent].slice(-REMEMBERED_STEPS); kept.redo = []; kept.text = text;
    sessionStorage.setItem(memoryKey(path), JSON.stringify(kept));
  } catch (_) { /* storage full: the step is only lost from the history */ }
}

function unsentField() {
  // A field of the builder typed in and not yet left: its value not sent yet.
  const el = document.activeElement;
  if (!el || !el.closest("#build") || !("defaultValue" in el) || el.type === "checkbox") return null;
  return el.value !== el.defaultValue ? el : null;
}

function sendUnsent() {
  // Sent as leaving the field would send it (a phone switching apps, a tab hidden, another list).
  const el = unsentField();
  if (el) el.dispatchEvent(new Event("change", { bubbles: true }));
  return el !== null;
}

async function reopen() {
  // After a reload: the roster that was open, in the view it was shown in, at the part shown.
  const kept = recallFolder();
  if (!kept?.path || !(state.files || []).includes(kept.path)) return;
  if (kept.view === "yaml") showView("yaml");
  await openFile(kept.path);
}

function listenLeaving() {
  // Typing not yet sent is sent as the page is left or hidden, and leaving is asked about.
  window.addEventListener("beforeunload", (event) => { if (sendUnsent() || unsaved()) event.preventDefault(); });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") sendUnsent(); });
}
