// A campaign's page: the keys this browser holds (a key link hands one over); found a ludus
// (its key shown once); propose a combat with one of its lanistae's keys (or the
// organiser's), accept or decline the proposals waiting for a key held here; the organiser
// issues a lanista a new key.

import { api, showMessage } from "./api.js";
import { heldKeys, keep, keyLinkItem, takeKeyFromLink } from "./careers_keys.js";
import { numberOrNull, readLudus } from "./ludus.js";

const main = document.querySelector("main");
const name = main.dataset.campaign;
const base = `/api/careers/${encodeURIComponent(name)}`;
const element = (id) => document.getElementById(id);

function showHeld() {
  const held = heldKeys(name);
  const parts = [];
  if (held.organiser) parts.push("the organiser's key");
  for (const lanista of Object.keys(held.ludi)) parts.push(`${lanista}'s ludus key`);
  main.dataset.held = Object.keys(held.ludi).join("\n");
  if (parts.length) element("held").textContent = `This browser holds ${parts.join(", ")}.`;
  element("organiser").hidden = !held.organiser;
  showProposals(held);
}

async function act(what) {
  try {
    return await what();
  } catch (error) {
    showMessage(error.message);
    return null;
  }
}

// --- keys -------------------------------------------------------------------------------------

element("use-key").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = event.target.elements.link.value.trim();
  const key = new URLSearchParams(text.split("#")[1] || "").get("key") || text;
  const who = await act(() => api(`${base}/actor`, { token: key }));
  if (!who) return;
  if (who.role === "guest") {
    showMessage("This is no key.");
    return;
  }
  keep(name, who.role, who.lanista, key);
  event.target.reset();
  showHeld();
});

element("found-ludus").addEventListener("submit", async (event) => {
  event.preventDefault();
  const founded = await act(() => api(`${base}/ludi`, { method: "POST", body: readLudus(event.target) }));
  if (!founded) return;
  keep(name, "lanista", founded.lanista, founded.key);
  element("ludus-key").replaceChildren(
    keyLinkItem(`${founded.lanista}'s ludus key`, founded.link, { lanista: founded.lanista }),
  );
  event.target.hidden = true;
  element("ludus-founded").hidden = false;
});

element("show-campaign").addEventListener("click", () => location.reload());

element("issue-key").addEventListener("submit", async (event) => {
  event.preventDefault();
  const lanista = event.target.elements.lanista.value;
  const token = heldKeys(name).organiser;
  const issued = await act(() => api(`${base}/ludi/${encodeURIComponent(lanista)}/key`, { method: "POST", token }));
  if (!issued) return;
  element("issued").append(keyLinkItem(`${lanista}'s new key (send it to him; shown only now)`, issued.link, { lanista }));
});

// --- proposing a combat -----------------------------------------------------------------------

function combatRequest(form) {
  const rows = [...form.querySelectorAll(".row[data-lanista]")].filter(
    (row) => row.querySelector("input[name=lanista]").checked,
  );
  const arena = form.elements.arena.value;
  const virtual = form.elements.virtual.checked;
  const body = { lanistae: rows.map((row) => row.dataset.lanista), arena, virtual };
  if (arena === "engine") {
    body.players = rows.map((row) => row.querySelector("select[name=player]").value);
    if (virtual) body.players.push("heuristic");
    body.turn_limit = numberOrNull(form.elements.turn_limit.value) ?? 0;
  }
  const ranks = form.elements.virtual_ranks.value.trim();
  if (ranks) body.virtual_ranks = ranks.split(",").map((r) => r.trim());
  if (form.elements.dice) {
    body.dice = form.elements.dice.value.split(/[\s,]+/).filter(Boolean).map(Number);
  }
  return body;
}

// The key a proposal is made with: a ticked lanista's held here, else the organiser's.
function proposerKey(lanistae) {
  const held = heldKeys(name);
  const mine = lanistae.find((lanista) => held.ludi[lanista]);
  return mine ? held.ludi[mine] : held.organiser;
}

function afterProposal(shown) {
  if (shown.status === "begun" && shown.page) location.href = shown.page;
  else location.reload();
}

element("start-combat").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = combatRequest(event.target);
  const token = proposerKey(body.lanistae);
  if (!token) {
    showMessage("This browser holds no key of these lanistae (nor the organiser's): use your key link first.");
    return;
  }
  const shown = await act(() => api(`${base}/combats`, { method: "POST", token, body }));
  if (shown) afterProposal(shown);
});

// --- the proposals waiting ----------------------------------------------------------------------

function button(text, action) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = text;
  made.className = action;
  return made;
}

function showProposals(held) {
  for (const item of document.querySelectorAll("#proposals li[data-proposal]")) {
    const waiting = JSON.parse(item.dataset.waiting);
    const persons = JSON.parse(item.dataset.persons);
    const lanistae = JSON.parse(item.dataset.lanistae);
    const actions = item.querySelector(".actions");
    actions.replaceChildren();
    for (const lanista of waiting.filter((n) => held.ludi[n])) {
      const accept = button(`Accept as ${lanista}`, "accept");
      accept.dataset.lanista = lanista;
      accept.addEventListener("click", () => answerProposal(item, "accept", held.ludi[lanista]));
      actions.append(" ", accept);
    }
    if (held.organiser && waiting.some((n) => !persons.includes(n))) {
      const accept = button("Accept for the computer's ludi (organiser)", "accept-organiser");
      accept.addEventListener("click", () => answerProposal(item, "accept", held.organiser));
      actions.append(" ", accept);
    }
    const mine = lanistae.find((n) => held.ludi[n]);
    const declineKey = mine ? held.ludi[mine] : held.organiser;
    if (declineKey) {
      const decline = button("Decline", "decline");
      decline.addEventListener("click", () => answerProposal(item, "decline", declineKey));
      actions.append(" ", decline);
    }
  }
}

async function answerProposal(item, verb, token) {
  const path = `${base}/proposals/${encodeURIComponent(item.dataset.proposal)}/${verb}`;
  const shown = await act(() => api(path, { method: "POST", token }));
  if (shown) afterProposal(shown);
}

// --- at load ----------------------------------------------------------------------------------

act(() => takeKeyFromLink(name)).finally(showHeld);
