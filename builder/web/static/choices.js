// The builder's choices the rules refuse in the part shown (tried on the server, each with why),
// and those open until another choice of the part changes (with why), marked on the view drawn: one piece for the local page (build.js) and the desk's builder
// (the desk's builder.js). It does no rules: what is refused, and why, is the server's answer.
"use strict";

function markRefused(refused, open = {}) {
  // Open, with why: a choice that breaks a rule until another choice of the part changes.
  for (const [id, hints] of Object.entries(open)) {
    const select = document.getElementById(id);
    if (!select || select.tagName !== "SELECT") continue;
    for (const option of select.options) {
      if (Object.hasOwn(hints, option.value)) option.textContent = hints[option.value];
    }
  }
  for (const [id, reasons] of Object.entries(refused)) {
    const select = document.getElementById(id);
    if (!select || select.tagName !== "SELECT") continue;
    for (const option of select.options) {
      if (!Object.hasOwn(reasons, option.value)) continue;
      option.disabled = true;
      option.textContent = reasons[option.value];
    }
    // What to add starts at the first choice the rules allow, never at a refused one.
    if (select.selectedOptions[0]?.disabled) {
      const allowed = [...select.options].find((option) => !option.disabled);
      if (allowed) select.value = allowed.value;
    }
  }
}
