// "My games": every table where this account holds a seat, those where it is its turn
// first (the server's order), each with its game, the other players and how long since the
// last move, in words. Asked again every 30 s and whenever the tab comes back to the front
// (the poll of session.js, shared with the header); the title and the favicon say when some
// table waits, and a notification too while the tab is hidden, once the player allowed them
// with "Notify me". An account holding several seats of a table (hot seat) opens it as the
// seat whose turn it is.

import { showMessage } from "./api.js";
import { bindNotifyButton, TurnNotifier } from "./notify.js";
import { currentAccount, refreshMyTables, watchMyTables, withNext } from "./session.js";

const element = (id) => document.getElementById(id);
const notifier = new TurnNotifier({ title: "My games" });

// "just now", "5 min ago", "3 h ago", "2 days ago".
export function ago(seconds) {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return "";
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} days ago`;
}

// The other players' names (the account's own seats left out).
function opponents(table) {
  const mine = new Set(table.seats || [table.seat]);
  return (table.players || []).filter((_, seat) => !mine.has(seat)).join(", ");
}

// The table's page; for an account holding several of its seats, as the seat whose turn it
// is (the server's `seat`), by `?seat=N`.
export function tableLink(table) {
  const path = `/tables/${encodeURIComponent(table.id)}`;
  const several = Array.isArray(table.seats) && table.seats.length > 1;
  return several && Number.isInteger(table.seat) ? `${path}?seat=${table.seat}` : path;
}

function entry(table) {
  const item = document.createElement("li");
  item.className = table.your_turn ? "mine" : "waiting";
  item.dataset.table = table.id;
  item.dataset.yourTurn = table.your_turn ? "yes" : "no";
  const link = document.createElement("a");
  link.href = tableLink(table);
  link.textContent = table.title || table.game;
  const turn = document.createElement("strong");
  turn.className = "turn";
  turn.textContent = table.your_turn ? "Your turn" : table.status === "over" ? "Over" : "Waiting";
  const who = document.createElement("span");
  who.className = "opponents";
  const names = opponents(table);
  who.textContent = names ? `against ${names}` : "";
  const when = document.createElement("small");
  when.className = "ago";
  const since = ago(table.since_last_move);
  when.textContent = since ? `last move ${since}` : "";
  item.append(turn, " ", link, " ", who, " ", when);
  return item;
}

function show(tables, error) {
  if (!tables) {
    showMessage(error ? error.message : "My games could not be read.");
    return;
  }
  element("mygames").replaceChildren(...tables.map(entry));
  const waiting = tables.filter((table) => table.your_turn).length;
  element("mygames-summary").textContent = !tables.length
    ? "No game yet: create a table in the lobby, or ask a friend to invite you by your name."
    : waiting
      ? `It is your turn at ${waiting} ${waiting === 1 ? "table" : "tables"}.`
      : "No table waits for you.";
  notifier.update(waiting > 0, `${waiting} ${waiting === 1 ? "table waits" : "tables wait"} for you.`);
}

async function start() {
  const account = await currentAccount();
  if (!account) {
    location.replace(withNext("/signin"));
    return;
  }
  bindNotifyButton(element("notify-me"), element("notify-note"));
  watchMyTables(show);
  await refreshMyTables();
}

start().catch((error) => showMessage(error.message));
