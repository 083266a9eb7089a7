// The lobby: a form to create a table (every option of the chosen game as a field), the
// open tables with their free seats, and a record to replay. A seed may be chosen only for a
// practice table, whose seed everyone sees; the list marks such tables. Signed in, a seat
// may be "me" (the creator's account) or "account" (reserved for another account by its
// name: it opens for that account wherever it signs in). Joining a free seat asks the
// guest's name first. A time control may be chosen (none, days per move, a live clock with
// its minutes and increment); the list shows each table's, and a player's rating when the
// server gives one.

import { api, showMessage } from "./api.js";
import { currentAccount, markNamed } from "./session.js";

const element = (id) => document.getElementById(id);
const SEAT_KINDS = ["human", "random", "heuristic", "easy", "normal", "hard"];
const ACCOUNT_KINDS = ["me", "account"];
const KIND_WORDS = { human: "human (a guest, by link)", me: "me", account: "account: name…" };
let games = [];
let account = null; // the account signed in, if any

function game() {
  return games.find((g) => g.id === element("game").value);
}

function optionField(option) {
  const label = document.createElement("label");
  label.title = option.description;
  const words = document.createElement("span");
  words.textContent = option.name.replaceAll("_", " ");
  let input;
  if (option.type === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(option.default);
    label.classList.add("check");
  } else if (option.choices.length) {
    input = document.createElement("select");
    for (const choice of option.choices) {
      const item = document.createElement("option");
      item.value = item.textContent = choice;
      item.selected = choice === option.default;
      input.append(item);
    }
  } else {
    input = document.createElement("input");
    if (option.type === "int") {
      input.type = "number";
      if (option.minimum !== null) input.min = option.minimum;
      if (option.maximum !== null) input.max = option.maximum;
    }
    input.value = option.default;
  }
  input.name = `option-${option.name}`;
  input.dataset.option = option.name;
  input.dataset.type = option.type;
  const help = document.createElement("small");
  help.textContent = option.description;
  label.append(words, input, help);
  return label;
}

function showGame() {
  const chosen = game();
  element("game-summary").textContent = chosen.summary;
  const count = element("count");
  count.min = chosen.min_players;
  count.max = chosen.max_players;
  count.value = Math.min(Math.max(Number(count.value), chosen.min_players), chosen.max_players);
  const legend = element("options").querySelector("legend");
  element("options").replaceChildren(legend, ...chosen.options.map(optionField));
  showSeats();
}

function showSeats() {
  const fieldset = element("seats");
  const legend = fieldset.querySelector("legend");
  const before = [...fieldset.querySelectorAll("select")].map((s) => s.value);
  const beforeNames = [...fieldset.querySelectorAll("input[data-account]")].map((i) => i.value);
  const kinds = account ? [...ACCOUNT_KINDS, ...SEAT_KINDS] : SEAT_KINDS;
  const seats = [];
  for (let seat = 0; seat < Number(element("count").value); seat += 1) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const label = document.createElement("label");
    label.textContent = `Seat ${seat} `;
    const select = document.createElement("select");
    select.name = `seat-${seat}`;
    for (const kind of kinds) {
      const item = document.createElement("option");
      item.value = kind;
      item.textContent = kind === "me" ? `me (${account.name})` : KIND_WORDS[kind] || kind;
      select.append(item);
    }
    const first = seat === 0 ? (account ? "me" : "human") : "heuristic";
    select.value = kinds.includes(before[seat]) ? before[seat] : first;
    label.append(select);
    const name = document.createElement("input");
    name.name = `account-${seat}`;
    name.dataset.account = String(seat);
    name.maxLength = 40;
    name.placeholder = "their account's name";
    name.setAttribute("aria-label", `account for seat ${seat}`);
    name.value = beforeNames[seat] || "";
    const showName = () => {
      name.hidden = select.value !== "account";
      name.required = !name.hidden;
    };
    select.addEventListener("change", showName);
    showName();
    row.append(label, name);
    seats.push(row);
  }
  fieldset.replaceChildren(legend, ...seats);
}

// What the API takes for each seat: a kind's word, or an account seat as an object.
function seatSpecs() {
  return [...element("seats").querySelectorAll("select")].map((select, seat) => {
    if (select.value === "me") return { kind: "me" };
    if (select.value === "account") {
      const name = element("seats").querySelector(`input[data-account="${seat}"]`).value.trim();
      return { kind: "account", name };
    }
    return select.value;
  });
}

// The time control as the API takes it: null (none), days per move, or a live clock.
function clock() {
  const [kind, first, second] = element("clock").value.split(":");
  if (kind === "days") return { kind: "days", days: Number(first) };
  if (kind !== "live") return null;
  if (first !== undefined) return { kind: "live", minutes: Number(first), increment: Number(second) };
  return {
    kind: "live",
    minutes: Number(element("clock-minutes").value),
    increment: Number(element("clock-increment").value),
  };
}

// "5+3", "2 days/move" (the list's short form); "" for none.
function clockWords(control) {
  if (!control || control.kind === "none") return "";
  if (control.kind === "days") return `${control.days} ${control.days === 1 ? "day" : "days"}/move`;
  return `${control.minutes}+${control.increment ?? 0}`;
}

// A player's name, with his rating after it when the summary carries one.
function playerWords(player) {
  if (player.kind !== "human") return player.kind;
  if (!player.claimed) return "free seat";
  const rating = Number(player.rating);
  return player.rating != null && Number.isFinite(rating) ? `${player.name} (${Math.round(rating)})` : player.name;
}

function options() {
  const chosen = {};
  for (const input of element("options").querySelectorAll("[data-option]")) {
    const type = input.dataset.type;
    if (type === "bool") chosen[input.dataset.option] = input.checked;
    else if (type === "int") chosen[input.dataset.option] = Number(input.value);
    else chosen[input.dataset.option] = input.value;
  }
  return chosen;
}

async function create(event) {
  event.preventDefault();
  const players = seatSpecs();
  const mine = players.findIndex((kind) => kind === "human");
  const practice = element("practice").checked;
  const seedText = practice ? element("seed").value.trim() : "";
  const body = {
    game: element("game").value,
    players,
    options: options(),
    private: element("private").checked,
    hints: element("hints").checked,
    practice,
    clock: clock(),
    names: players.map((kind, seat) => (seat === mine && !account ? element("name").value : "")),
  };
  if (seedText) {
    const seed = Number(seedText);
    if (!/^[0-9]+$/.test(seedText) || !Number.isSafeInteger(seed)) {
      showMessage(`A seed from this page is a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`);
      return;
    }
    body.seed = seed;
  }
  try {
    const table = await api("/api/tables", { method: "POST", body });
    markNamed(table.id); // the creator chose his name here
    showCreated(table, players);
  } catch (error) {
    showMessage(error.message);
  }
}

// After creating: straight to the table when nobody is to be invited; else one link per
// guest's seat, and a line per seat reserved for an account.
function showCreated(table, players) {
  const signedInSeat = players.some((kind) => kind.kind === "me");
  const humans = table.seats.filter((s) => s.join && players[s.seat] === "human");
  const reserved = table.seats.filter((s) => players[s.seat] && players[s.seat].kind === "account");
  const tablePath = `/tables/${encodeURIComponent(table.id)}`;
  const mine = signedInSeat ? { join: tablePath } : humans[0];
  const others = signedInSeat ? humans : humans.slice(1);
  if (!others.length && !reserved.length) {
    location.assign(mine ? mine.join : table.spectate);
    return;
  }
  element("invite-help").hidden = !others.length;
  element("reserved-list").replaceChildren(
    ...reserved.map((seat) => {
      const item = document.createElement("li");
      item.textContent =
        `Seat ${seat.seat} is kept for ${players[seat.seat].name}: ` +
        "it opens when they sign in (My games lists it).";
      return item;
    }),
  );
  element("invite-list").replaceChildren(
    ...others.map((seat) => {
      const item = document.createElement("li");
      const link = new URL(seat.join, location.href).href;
      const code = document.createElement("input");
      code.readOnly = true;
      code.value = link;
      code.size = 60;
      code.setAttribute("aria-label", `link for seat ${seat.seat}`);
      item.append(`Seat ${seat.seat}: `, code);
      return item;
    }),
  );
  element("go-table").href = mine ? mine.join : table.spectate;
  element("invites").hidden = false;
}

async function showTables() {
  const tables = await api("/api/tables");
  const rows = tables.map((table) => {
    const row = document.createElement("tr");
    const title = document.createElement("td");
    title.textContent = table.title;
    const players = document.createElement("td");
    players.textContent = table.players.map(playerWords).join(", ");
    const status = document.createElement("td");
    status.textContent = table.status;
    if (table.practice) {
      const mark = document.createElement("small");
      mark.className = "practice";
      mark.textContent = " · practice — the seed is public";
      status.append(mark);
    }
    if (clockWords(table.clock)) {
      const mark = document.createElement("small");
      mark.className = "clock-mark";
      mark.textContent = ` · clock ${clockWords(table.clock)}`;
      status.append(mark);
    }
    const actions = document.createElement("td");
    for (const seat of table.free_seats) {
      const join = document.createElement("button");
      join.type = "button";
      join.textContent = `Join seat ${seat}`;
      join.addEventListener("click", () => sit(table.id, seat));
      actions.append(join, " ");
    }
    const watch = document.createElement("a");
    watch.href = `${table.spectate}?spectate`;
    watch.textContent = "Watch";
    actions.append(watch);
    row.append(title, players, status, actions);
    return row;
  });
  element("tables").querySelector("tbody").replaceChildren(...rows);
  element("no-tables").hidden = rows.length > 0;
}

// Joining a free seat: the dialog asks the name the other players will see first.
function sit(tableId, seat) {
  const dialog = element("join-dialog");
  element("join-title").textContent = `Join seat ${seat}`;
  element("join-name").value = element("name").value || (account ? account.name : "");
  dialog.dataset.table = tableId;
  dialog.dataset.seat = String(seat);
  dialog.showModal();
  element("join-name").focus();
}

async function confirmJoin(event) {
  event.preventDefault();
  const dialog = element("join-dialog");
  const name = element("join-name").value.trim();
  if (!name) return;
  dialog.close();
  try {
    const joined = await api(`/api/tables/${encodeURIComponent(dialog.dataset.table)}/join`, {
      method: "POST",
      body: { seat: Number(dialog.dataset.seat), name },
    });
    markNamed(dialog.dataset.table);
    location.assign(joined.join);
  } catch (error) {
    showMessage(error.message);
    showTables();
  }
}

async function upload(event) {
  event.preventDefault();
  const file = element("record-file").files[0];
  if (!file) return;
  try {
    const response = await fetch("/api/records", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: await file.text(),
    });
    const data = await response.json();
    if (!response.ok) throw new Error(data.detail || `the server answered ${response.status}`);
    location.assign(`/tables/${data.id}/replay`);
  } catch (error) {
    showMessage(error.message);
  }
}

async function start() {
  try {
    account = await currentAccount();
  } catch {
    account = null; // the lobby works signed out
  }
  if (account) {
    element("name-field").hidden = true;
    element("seat-help").textContent =
      "me: your account's seat. account: a seat kept for another account, by its name. " +
      "human: a guest's seat, by a link you send.";
  }
  games = await api("/api/games");
  for (const entry of games) {
    const item = document.createElement("option");
    item.value = entry.id;
    item.textContent = entry.title;
    element("game").append(item);
  }
  element("game").value = "ludus-gladiatorius";
  showGame();
  element("game").addEventListener("change", showGame);
  element("count").addEventListener("change", showSeats);
  element("create").addEventListener("submit", create);
  const showSeedField = () => {
    element("seed-field").hidden = !element("practice").checked;
  };
  element("practice").addEventListener("change", showSeedField);
  showSeedField(); // a browser may restore the box checked
  const showClockFields = () => {
    element("clock-live").hidden = element("clock").value !== "live";
  };
  element("clock").addEventListener("change", showClockFields);
  showClockFields();
  element("refresh").addEventListener("click", showTables);
  element("upload").addEventListener("submit", upload);
  element("join-form").addEventListener("submit", confirmJoin);
  element("join-cancel").addEventListener("click", () => element("join-dialog").close());
  await showTables();
}

start().catch((error) => showMessage(error.message));
