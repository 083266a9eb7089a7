// A combat's page. With a lanista's link (the token in the fragment, kept in this browser and
// removed from the address bar) it shows the questions asked of him and his seat in the arena;
// without, where the combat stands. The page asks the server again every moment.

import { api, showMessage } from "./api.js";
import { drawQuestion, readAnswer } from "./questions.js";

const main = document.querySelector("main");
const campaign = main.dataset.campaign;
const combat = main.dataset.combat;
const path = `/api/careers/${encodeURIComponent(campaign)}/combats/${combat}`;
const element = (id) => document.getElementById(id);
const POLL = 1000; // ms

function combatToken() {
  const key = `colosseum.career.${campaign}.${combat}`;
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromLink) {
    localStorage.setItem(key, fromLink);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem(key);
}

const token = combatToken();
let shown = null; // the question on the page
let busy = false;

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
    case "stopped": return "The server is stopping; the combat goes on when it is back.";
    default: return `The combat goes on (${stepWords(state.step) || "starting"}).`;
  }
}

function show(state) {
  main.dataset.phase = state.phase;
  main.dataset.version = state.version;
  element("you").textContent = state.you ? `You are ${state.you}.` : "You are watching (no lanista's link).";
  element("status").textContent = statusText(state);
  const table = state.table;
  element("arena-link").hidden = !table;
  if (table) {
    const link = element("table-link");
    if (state.you && table.seat !== null && token) {
      link.href = `/tables/${table.id}#token=${token}`;
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
    show(await api(path, { token }));
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

refresh();
setInterval(refresh, POLL);
