// The builder on the desk keeps the player's texts in this browser's localStorage, with the clicks
// not yet answered: a queue sent one at a time, in order; a click that can't reach the server is
// kept and sent again, never lost. Each click is a POST that carries the texts as an upload's file
// parts. Loaded before builder.js, which hands it the page's words and draws what is answered.
"use strict";

function keeping(root, page) {
  // page: how the page speaks and draws (t, say, announce, and take a click's answer).
  const csrf = root.dataset.csrf;
  const lang = root.dataset.lang;
  const lists = window.builderLists;  // lists.js: each list under its own key, with its game
  const kept = { state: null, save, post, queue, pump, wait, reconnected };
  let running = false;
  let delay = 500;

  kept.state = load();

  function load() {
    return lists.current();
  }

  function save() {
    // lists.js keeps fewer undo steps (of 40) when the storage is full; the texts and queue first.
    if (!lists.keep(kept.state)) page.say(page.t("desk.build-file-unread"));
  }

  function form(fields) {
    // The click's fields, then the texts as file parts (bounded as an upload's files are).
    const body = new FormData();
    body.append("csrf", csrf);
    body.append("lang", lang);
    // The list's game: the hosted builder (builder/hosted) checks each list under its own game's rules.
    body.append("game", kept.state.game || root.dataset.game);
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    for (const [name, text] of Object.entries(kept.state.files)) {
      body.append("files", new Blob([text], { type: "application/yaml" }), name);
    }
    return body;
  }

  function post(url, fields) {
    return fetch(`${url}?lang=${lang}`, { method: "POST", body: form(fields), credentials: "same-origin" });
  }

  function wait(ms) {
    return new Promise((resolve) => { setTimeout(resolve, ms); });
  }

  function queue(url, fields) {
    if (url === "/build/view") {
      // Only the last view asked for is drawn: an earlier one changes no text.
      kept.state.queue = kept.state.queue.filter((click) => click.url !== "/build/view");
    }
    kept.state.queue.push({ url, fields, file: kept.state.open });
    save();
    pump();
  }

  async function pump() {
    if (running) return;
    running = true;
    try {
      while (kept.state && kept.state.queue.length) {
        const click = kept.state.queue[0];
        let response;
        let html;
        try {
          response = await post(click.url, { ...click.fields, file: click.file });
          if (response.status >= 500 || response.status === 429 || response.status === 408) {
            page.say(page.t("desk.build-busy"));
            await wait(Math.max(delay, 1000 * Number(response.headers.get("Retry-After") || 0)));
            delay = Math.min(delay * 2, 5000);
            continue;
          }
          html = await response.text();
        } catch (_) {
          // No answer: the click stays first in the queue, kept here, and is sent again.
          page.say(page.t(kept.state.queue.some((c) => c.url === "/build/edit") ? "desk.build-waiting" : "desk.build-offline"));
          page.announce();
          await wait(delay);
          delay = Math.min(delay * 2, 5000);
          continue;
        }
        delay = 500;
        if (!kept.state) return;
        kept.state.queue.shift();
        if (!response.ok) {
          let message = page.t("desk.build-refused");
          try { message = JSON.parse(html).message || message; } catch (_) { /* a page, not JSON */ }
          save();
          page.say(message);
          page.announce();
          continue;
        }
        page.take(click, html);
        save();
      }
      if (kept.state) page.say("");
    } finally {
      running = false;
    }
    if (kept.state && kept.state.queue.length) pump();
  }

  function reconnected() {
    delay = 500;
    if (kept.state) pump();
  }

  return kept;
}
