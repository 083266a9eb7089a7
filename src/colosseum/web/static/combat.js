// A combat's page. With the key of one of its lanistae (kept in this browser, or handed over
// by a key link), or signed in as the account that owns one of its ludi (the cookie, no key),
// it shows the questions asked of him and the way to his seat in the arena; else, where the
// combat stands. It shows the commitment to the combat's seed, and the
// seed and salt once the combat has ended. The page asks the server again every moment.

import { api, showMessage } from "./api.js";
import { heldKeys, keep, takeKeyFromLink } from "./careers_keys.js";
import { drawQuestion, readAnswer } from "./questions.js";

const main = document.querySelector("main");
const campaign = main.dataset.campaign;
const combat = main.dataset.combat;
const lanistae = JSON.parse(main.dataset.lanistae || "[]");
const yourLudus = main.dataset.yourLudus || null; // the signed-in account's ludus
const path = `/api/careers/${encodeURIComponent(campaign)}/combats/${combat}`;
const element = (id) => document.getElementById(id);
const POLL = 1000; // ms

let token = null; // the key of the lanista this page acts for; null: by the cookie
let shown = null; // the question on the page
let busy = false;

// The key held here of a lanista of this combat: the one whose answer is awaited, if held;
// null for the account's ludus (the cookie acts for it) or when none is held.
function chooseKey(waitingFor) {
  const held = heldKeys(campaign);
  if (waitingFor && waitingFor === yourLudus) return null;
  if (waitingFor && held.ludi[waitingFor]) return held.ludi[waitingFor];
  if (!token && lanistae.includes(yourLudus)) return null;
  if (token && Object.values(held.ludi).includes(token)) return token;
  const mine = lanistae.find((lanista) => held.ludi[lanista]);
  return mine ? held.ludi[mine] : null;
}

const STEPS = { hire: "pre-arena: hiring", fight: "the arena", fatum: "the Fatum", post: "post-arena sequence" };

function stepWords(step) {
  if (!step) return "";
  const [kind, lanista] = step.split(":");
  return lanista ? `${STEPS[kind] || kind} of ${lanista}` : STEPS[kind] || kind;
}

function statusText(state) {
  switch (state.phase) {
    case "done": {
      const result = state.result;
      return result ? `The combat is over: won by ${result.winners.join(" and ")}.` : "The combat is over.";
    }
    case "arena": return "The combat is fought in the arena.";
    case "asking":
      if (state.question) return `Your choice (${stepWords(state.step)}).`;
      return `Waiting for ${state.waiting_for} (${stepWords(state.step)}).`;
    case "failed": return "The combat stopped.";
    case "elsewhere": return "This combat was begun at the terminal: colosseum career resume finishes it.";
    default: return `The combat goes on (${stepWords(state.step) || "starting"}).`;
  }
}

function showSecrets(state) {
  if (state.commitment) element("commitment").textContent = `Commitment to the combat's seed: ${state.commitment}`;
  const revealed = element("revealed");
  revealed.hidden = !state.check;
  if (state.check) { // the seed as text: a number this large would be rounded here
    const [salt, seed] = state.check.split(":");
    revealed.textContent = `The combat has ended: its seed is ${seed} and its salt ${salt}. ` +
      `Check them: printf '%s' '${state.check}' | sha256sum gives the commitment.`;
  }
}

function show(state) {
  main.dataset.phase = state.phase;
  main.dataset.version = state.version;
  element("you").textContent = state.you ? `You are ${state.you}.` : "You are watching (no key of its lanistae here).";
  element("use-key").hidden = Boolean(state.you);
  element("status").textContent = statusText(state);
  const table = state.table;
  element("arena-link").hidden = !table;
  if (table) {
    const link = element("table-link");
    if (table.token) {
      link.href = `/tables/${table.id}#token=${table.token}`;
      link.textContent = state.phase === "arena" ? "Go to your seat in the arena" : "The arena's table";
    } else {
      link.href = `/tables/${table.id}`;
      link.textContent = "Watch the arena";
    }
  }
  element("result").hidden = !state.result;
  if (state.result) {
    const fallen = state.result.bitten.map((b) => `${b[1]} (${b[0]})`).join(", ");
    element("result").textContent = `Won by ${state.result.winners.join(" and ")}.` +
      (fallen ? ` Bit the dust: ${fallen}.` : "");
  }
  element("error").hidden = !state.error;
  element("error").textContent = state.error || "";
  showSecrets(state);
  showQuestion(state.question);
}

function showQuestion(question) {
  element("question-box").hidden = !question;
  if (!question) {
    shown = null;
    return;
  }
  if (shown && shown.id === question.id) return; // keep what is typed
  shown = question;
  element("question-text").textContent = question.text;
  element("notes").replaceChildren(...question.notes.map((note) => {
    const item = document.createElement("li");
    item.textContent = note;
    return item;
  }));
  drawQuestion(element("question"), question);
}

async function refresh() {
  if (busy) return;
  try {
    let state = await api(path, { token });
    const wanted = chooseKey(state.waiting_for);
    if (wanted !== token && !(shown && state.question)) {
      token = wanted;
      state = await api(path, { token });
    }
    show(state);
  } catch (error) {
    showMessage(error.message);
  }
}

element("question").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!shown || busy) return;
  busy = true;
  const button = element("answer-button");
  if (button) button.disabled = true;
  try {
    const state = await api(`${path}/answers`, {
      method: "POST",
      token,
      body: { question: shown.id, answer: readAnswer(event.target) },
    });
    shown = null;
    show(state);
  } catch (error) {
    showMessage(error.message);
    if (error.status === 422 && shown) {
      const item = document.createElement("li");
      item.textContent = error.message;
      element("notes").replaceChildren(item);
    }
    if (error.status === 409) shown = null; // asked again: the question is drawn anew
  } finally {
    busy = false;
    if (button) button.disabled = false;
    refresh();
  }
});

element("use-key").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = event.target.elements.link.value.trim();
  const key = new URLSearchParams(text.split("#")[1] || "").get("key") || text;
  try {
    const who = await api(`/api/careers/${encodeURIComponent(campaign)}/actor`, { token: key });
    if (who.role !== "lanista" || !lanistae.includes(who.lanista)) {
      showMessage("This is no key of a lanista of this combat.");
      return;
    }
    keep(campaign, who.role, who.lanista, key);
    event.target.reset();
    token = key;
    refresh();
  } catch (error) {
    showMessage(error.message);
  }
});

async function start() {
  try {
    await takeKeyFromLink(campaign);
  } catch (error) {
    showMessage(error.message);
  }
  token = chooseKey(null);
  refresh();
  setInterval(refresh, POLL);
}

start();
