// A campaign's page: the keys this browser holds (a key link hands one over) and, signed in,
// the ludus of the account (acted for by the sign-in's cookie, no key sent); found a ludus
// (its key shown once, or the account's); propose a combat as one of its lanistae (or the
// organiser), accept or decline the proposals waiting for a ludus this browser acts for; a
// key held here claimed for the signed-in account; the organiser issues a lanista a new key
// and gives a ludus to an account.

import { api, showMessage } from "./api.js";
import { forget, heldKeys, keep, keyLinkItem, takeKeyFromLink } from "./careers_keys.js";
import { numberOrNull, readLudus } from "./ludus.js";

const main = document.querySelector("main");
const name = main.dataset.campaign;
const base = `/api/careers/${encodeURIComponent(name)}`;
const element = (id) => document.getElementById(id);
const account = main.dataset.account || null; // signed in as
const yourLudus = main.dataset.yourLudus || null; // the account's ludus here
const youOrganise = main.dataset.youOrganise === "true";

// Who this browser acts for: each ludus by its key held here, or the account's by the
// cookie (token null: no key sent); the organiser by his key, or the founder's account.
function acting() {
  const held = heldKeys(name);
  const ludi = new Map(Object.entries(held.ludi));
  if (yourLudus) ludi.set(yourLudus, null);
  return { ludi, organises: Boolean(held.organiser) || youOrganise, organiser: held.organiser || null };
}

function showHeld() {
  const held = heldKeys(name);
  const parts = [];
  if (held.organiser) parts.push("the organiser's key");
  for (const lanista of Object.keys(held.ludi)) parts.push(`${lanista}'s ludus key`);
  const me = acting();
  main.dataset.held = [...me.ludi.keys()].join("\n");
  if (parts.length) element("held").textContent = `This browser holds ${parts.join(", ")}.`;
  else if (account) element("held").textContent = "This browser holds no key of this campaign.";
  element("organiser").hidden = !me.organises;
  showClaims(held);
  showProposals(me);
}

// Signed in without a ludus here, a guest's ludus whose key is held here may become the
// account's: the key and the cookie sent together; the key is then forgotten.
function showClaims(held) {
  const owned = new Set([...document.querySelectorAll("#sheets .sheet[data-owner]")]
    .filter((sheet) => sheet.dataset.owner).map((sheet) => sheet.dataset.lanista));
  const list = element("claims");
  list.replaceChildren();
  if (!account || yourLudus) return;
  for (const [lanista, key] of Object.entries(held.ludi)) {
    if (owned.has(lanista)) continue;
    const item = document.createElement("li");
    const claim = button(`Make ${lanista}'s ludus your account's (${account})`, "claim");
    claim.dataset.lanista = lanista;
    claim.addEventListener("click", async () => {
      const path = `${base}/ludi/${encodeURIComponent(lanista)}/claim`;
      const done = await act(() => api(path, { method: "POST", token: key }));
      if (!done) return;
      forget(name, "lanista", lanista);
      location.reload();
    });
    item.append(claim);
    list.append(item);
  }
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
  if (!founded.key) { // the signed-in account's: nothing to keep
    location.reload();
    return;
  }
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
  const token = acting().organiser;
  const issued = await act(() => api(`${base}/ludi/${encodeURIComponent(lanista)}/key`, { method: "POST", token }));
  if (!issued) return;
  element("issued").append(keyLinkItem(`${lanista}'s new key (send it to him; shown only now)`, issued.link, { lanista }));
});

element("give-ludus").addEventListener("submit", async (event) => {
  event.preventDefault();
  const lanista = event.target.elements.lanista.value;
  const body = { account: event.target.elements.account.value };
  const path = `${base}/ludi/${encodeURIComponent(lanista)}/owner`;
  const given = await act(() => api(path, { method: "POST", token: acting().organiser, body }));
  if (given) location.reload();
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

// How a proposal is made: as a ticked lanista this browser acts for, else as the organiser;
// {token} (null: by the cookie), or null when this browser may not.
function proposer(lanistae) {
  const me = acting();
  const mine = lanistae.find((lanista) => me.ludi.has(lanista));
  if (mine) return { token: me.ludi.get(mine) };
  return me.organises ? { token: me.organiser } : null;
}

function afterProposal(shown) {
  if (shown.status === "begun" && shown.page) location.href = shown.page;
  else location.reload();
}

element("start-combat").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = combatRequest(event.target);
  const who = proposer(body.lanistae);
  if (!who) {
    showMessage("This browser acts for none of these lanistae (nor the organiser): sign in, or use your key link first.");
    return;
  }
  const shown = await act(() => api(`${base}/combats`, { method: "POST", token: who.token, body }));
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

function showProposals(me) {
  for (const item of document.querySelectorAll("#proposals li[data-proposal]")) {
    const waiting = JSON.parse(item.dataset.waiting);
    const persons = JSON.parse(item.dataset.persons);
    const lanistae = JSON.parse(item.dataset.lanistae);
    const actions = item.querySelector(".actions");
    actions.replaceChildren();
    for (const lanista of waiting.filter((n) => me.ludi.has(n))) {
      const accept = button(`Accept as ${lanista}`, "accept");
      accept.dataset.lanista = lanista;
      accept.addEventListener("click", () => answerProposal(item, "accept", me.ludi.get(lanista)));
      actions.append(" ", accept);
    }
    if (me.organises && waiting.some((n) => !persons.includes(n))) {
      const accept = button("Accept for the computer's ludi (organiser)", "accept-organiser");
      accept.addEventListener("click", () => answerProposal(item, "accept", me.organiser));
      actions.append(" ", accept);
    }
    const mine = lanistae.find((n) => me.ludi.has(n));
    if (mine || me.organises) {
      const declineKey = mine ? me.ludi.get(mine) : me.organiser;
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
