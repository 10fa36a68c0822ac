// builder serve: the new-file form («Nueva»): the kinds of file each game starts, «Límite de
// puntos» for a game that counts points, a file name the folder doesn't have yet that follows the
// list's name, and «Crear». Loaded after app.js, whose state, $, t and api it shares.
"use strict";

function newKind() {
  // The game and the kind of file chosen in «Juego»: a list unless a kind is named.
  const [system, kind] = $("new-system").value.split("/");
  return { system, kind: kind || "roster" };
}

function showLimit() {
  // «Límite de puntos» only for a game whose lists count points (its schema has a points_limit).
  const { system, kind } = newKind();
  const counts = kind === "roster" && state.systems?.[system]?.points !== false;
  $("new-limit").closest("label").hidden = !counts;
  if (!counts) $("new-limit").value = "";
}

function suggestName(taken) {
  // The new roster's file name offered is one the folder doesn't have yet.
  const field = $("new-name");
  if (!taken.includes(field.value)) return;
  const stem = field.value.replace(/(-\d+)?\.ya?ml$/i, "");
  let n = 2;
  while (taken.includes(`${stem}-${n}.yaml`)) n += 1;
  field.value = `${stem}-${n}.yaml`;
}

async function newRoster() {
  // «Crear» makes the file at once, from the game's starting roster: then it is built by clicking.
  if (!mayLeave()) return;
  const { system, kind } = newKind();
  const response = await api("/api/create", { system, kind, path: $("new-name").value.trim() || "nueva-lista.yaml",
    name: $("new-roster-name").value, points_limit: $("new-limit").value });
  const data = await response.json();
  if (!response.ok) return showStatus(t("serve.error." + data.code), false);
  state.system = system;
  // The form starts empty for the next list: its name, and a file name of the player's own.
  $("new-roster-name").value = "";
  delete $("new-name").dataset.own;
  await refreshFiles();
  followName();
  openEditor(data.path, data.text, data.version);
  showView("build");
  showStatus(t("serve.saved", { path: data.path }), true);
}

function fileNameOf(name) {
  // A new roster's file is named after the list («Compañía Fénix» → compania-fenix.yaml).
  const stem = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
  return stem ? `${stem}.yaml` : "";
}

function followName() {
  // The file name follows the list's name until the player writes one of their own.
  const field = $("new-name");
  if (field.dataset.own === "true") return;
  field.value = fileNameOf($("new-roster-name").value) || "nueva-lista.yaml";
  suggestName(state.files || []);
}

function listenNewRoster() {
  $("new-button").addEventListener("click", newRoster);
  $("new-system").addEventListener("change", showLimit);
  $("new-roster-name").addEventListener("input", followName);
  $("new-name").addEventListener("input", () => { $("new-name").dataset.own = "true"; });
}
