// "Play now" (quick match): choose a game, a player count and a pace, wait while the server
// looks for players of your rating (the window widens as you wait), leave, or accept the
// computer player offered after a while. The page asks `GET /api/quickmatch` every few
// seconds and opens the table once matched.

import { api, showMessage } from "./api.js";
import { currentAccount } from "./session.js";

const POLL = 3000; // ms between two looks at the queue
const element = (id) => document.getElementById(id);
const titles = new Map();

function minutes(seconds) {
  const whole = Math.floor(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return m ? `${m} min ${s} s` : `${s} s`;
}

function entryItem(entry) {
  const item = document.createElement("li");
  item.dataset.entry = entry.id;
  const game = titles.get(entry.game) || entry.game;
  const pace = entry.pace === "days" ? "over days" : "live";
  const text = document.createElement("p");
  text.className = "wait-text";
  text.textContent =
    `${game}, ${entry.players} players, ${pace}: waiting ${minutes(entry.waited)}; ` +
    `your rating ${entry.rating}, matched with ratings from ${entry.rating - entry.window} ` +
    `to ${entry.rating + entry.window}.`;
  item.append(text);
  const buttons = document.createElement("p");
  buttons.className = "buttons";
  if (entry.computer) {
    const accept = document.createElement("button");
    accept.type = "button";
    accept.className = "accept-computer";
    accept.textContent = `Play the computer (${entry.computer.level}, rated ${entry.computer.rating})`;
    accept.addEventListener("click", () => acceptComputer(entry.id));
    buttons.append(accept);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "leave";
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", () => leave(entry.id));
  buttons.append(cancel);
  item.append(buttons);
  return item;
}

function show(entries) {
  const matched = entries.find((e) => e.status === "matched" && e.table && !seen.has(e.id));
  if (matched) {
    location.assign(`/tables/${encodeURIComponent(matched.table)}`);
    return;
  }
  const waiting = entries.filter((e) => e.status === "waiting");
  element("waiting-section").hidden = waiting.length === 0;
  element("waiting").replaceChildren(...waiting.map(entryItem));
}

// entries matched before this page opened are not followed again
const seen = new Set();

async function refresh() {
  try {
    show(await api("/api/quickmatch"));
  } catch (error) {
    showMessage(error.message);
  }
}

async function join(event) {
  event.preventDefault();
  const pace = document.querySelector('input[name="pace"]:checked');
  try {
    await api("/api/quickmatch", {
      method: "POST",
      body: {
        game: element("play-game").value,
        players: Number(element("play-players").value),
        pace: pace ? pace.value : "live",
      },
    });
    await refresh();
  } catch (error) {
    showMessage(error.message);
  }
}

async function leave(id) {
  try {
    await api(`/api/quickmatch/${id}`, { method: "DELETE" });
  } catch (error) {
    showMessage(error.message);
  }
  await refresh();
}

async function acceptComputer(id) {
  try {
    const entry = await api(`/api/quickmatch/${id}/computer`, { method: "POST" });
    location.assign(`/tables/${encodeURIComponent(entry.table)}`);
  } catch (error) {
    showMessage(error.message);
    await refresh();
  }
}

function limitPlayers() {
  const option = element("play-game").selectedOptions[0];
  const input = element("play-players");
  input.min = option.dataset.min;
  input.max = option.dataset.max;
  const value = Number(input.value);
  input.value = String(Math.min(Math.max(value, Number(input.min)), Number(input.max)));
}

async function start() {
  for (const option of element("play-game").options) titles.set(option.value, option.textContent);
  const account = await currentAccount().catch(() => null);
  if (!account) {
    element("play-signin").hidden = false;
    return;
  }
  element("play-form").hidden = false;
  element("play-game").addEventListener("change", limitPlayers);
  element("play-form").addEventListener("submit", join);
  limitPlayers();
  try {
    for (const entry of await api("/api/quickmatch")) {
      if (entry.status === "matched") seen.add(entry.id);
    }
  } catch (error) {
    showMessage(error.message);
  }
  await refresh();
  setInterval(refresh, POLL);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refresh();
  });
}

start();
