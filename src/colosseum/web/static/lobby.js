// The lobby: a form to create a table (every option of the chosen game as a field: a select
// for fixed choices, a select of the suggested values with "other…" showing a text field for
// an option that also takes text, a number within its range), the open and playing tables with their free
// seats, kept up to date by the server's pushes and filtered by game and status (the filters
// kept in the address), and a record to replay. After creating, the invitation links (each
// with a copy button) show at the top of the form. A seed may be chosen only for a
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
const OTHER = "\u0000other"; // the "other…" entry of a select of suggested values
const LONG_HELP = 90; // characters of an option's help shown without folding it
const POLL = 30000; // ms between two reads of the list while the live socket is down
const SOCKET_DELAY = 2000; // ms before the first reconnection; doubled up to MAX_SOCKET_DELAY
const MAX_SOCKET_DELAY = 30000;
const STATUSES = ["open", "playing"];
let games = [];
let listed = []; // the tables as last read or pushed
let account = null; // the account signed in, if any

function game() {
  return games.find((g) => g.id === element("game").value);
}

// An option's field: a checkbox, a select of its fixed choices, a select of its suggested
// values with "other…" (then a text field), a number within its range or text; its help
// under it, folded in a details element when it is long.
function optionField(option) {
  const box = document.createElement("div");
  box.className = "option";
  const label = document.createElement("label");
  const words = document.createElement("span");
  words.textContent = option.name.replaceAll("_", " ");
  const helpId = `help-${option.name}`;
  let input;
  let other = null;
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
  } else if (option.type === "str" && option.suggested?.length) {
    [input, other] = suggestedFields(option, words.textContent, helpId);
  } else {
    input = document.createElement("input");
    if (option.type === "int") {
      input.type = "number";
      input.step = "1";
      input.required = true;
      if (option.minimum !== null) input.min = option.minimum;
      if (option.maximum !== null) input.max = option.maximum;
    }
    input.value = option.default;
  }
  input.name = `option-${option.name}`;
  input.dataset.option = option.name;
  input.dataset.type = option.type;
  input.setAttribute("aria-describedby", helpId);
  if (option.type === "bool") label.append(input, words);
  else label.append(words, input);
  box.append(label);
  if (other) box.append(other);
  box.append(optionHelp(option, helpId));
  return box;
}

// A select of an option's suggested values and "other…", and the text field (named, with
// the option's help) that "other…" shows; a default not among the values starts as text.
function suggestedFields(option, words, helpId) {
  const select = document.createElement("select");
  for (const value of [...option.suggested, OTHER]) {
    const item = document.createElement("option");
    item.value = value;
    item.textContent = value === OTHER ? "other…" : value;
    select.append(item);
  }
  const known = option.suggested.includes(option.default);
  select.value = known ? option.default : OTHER;
  const text = document.createElement("input");
  text.name = `option-${option.name}-text`;
  text.dataset.other = option.name;
  text.size = 40;
  text.value = known ? "" : String(option.default);
  text.setAttribute("aria-label", `${words}, written out`);
  text.setAttribute("aria-describedby", helpId);
  const showText = () => {
    text.hidden = select.value !== OTHER;
  };
  select.addEventListener("change", () => {
    showText();
    if (!text.hidden) text.focus();
  });
  showText();
  return [select, text];
}

function optionHelp(option, id) {
  const text = document.createElement(option.description.length > LONG_HELP ? "p" : "small");
  text.id = id;
  text.className = "help";
  text.textContent = option.description;
  if (option.description.length <= LONG_HELP) return text;
  const details = document.createElement("details");
  details.className = "option-help";
  const summary = document.createElement("summary");
  summary.textContent = `About ${option.name.replaceAll("_", " ")}`;
  details.append(summary, text);
  return details;
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
    else if (input.value === OTHER) chosen[input.dataset.option] = otherText(input.dataset.option);
    else chosen[input.dataset.option] = input.value;
  }
  return chosen;
}

// The text written for an option whose select of suggested values is at "other…".
function otherText(name) {
  const text = [...element("options").querySelectorAll("[data-other]")].find(
    (field) => field.dataset.other === name,
  );
  return text ? text.value : "";
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
// guest's seat (each with a copy button), a line per seat reserved for an account, and the
// spectators' link, the panel brought into view and focused.
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
      item.className = "link-row";
      const code = document.createElement("input");
      code.readOnly = true;
      code.id = `invite-${seat.seat}`;
      code.value = new URL(seat.join, location.href).href;
      code.setAttribute("aria-label", `link for seat ${seat.seat}`);
      const words = document.createElement("label");
      words.htmlFor = code.id;
      words.textContent = `Seat ${seat.seat}`;
      item.append(words, code, ...copyButton(code, `seat ${seat.seat}'s link`));
      return item;
    }),
  );
  element("spectate-link").value = new URL(`${table.spectate}?spectate`, location.href).href;
  element("go-table").href = mine ? mine.join : table.spectate;
  const panel = element("invites");
  panel.hidden = false;
  panel.scrollIntoView({ block: "start" });
  element("invites-title").focus({ preventScroll: true });
}

// A "Copy" button for a read-only link field, and the note that says it was copied.
function copyButton(input, what) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  button.textContent = "Copy";
  button.setAttribute("aria-label", `Copy ${what}`);
  const note = document.createElement("span");
  note.className = "copied";
  note.setAttribute("aria-live", "polite");
  button.addEventListener("click", () => copy(input, note));
  return [button, note];
}

// The Clipboard API where the page may use it; else the text selected and the browser's
// own copy command; else the text left selected with a word on how to copy it.
async function copy(input, note) {
  let done = false;
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(input.value);
      done = true;
    } catch {
      done = false; // refused: fall back to the selection
    }
  }
  if (!done) {
    input.focus();
    input.select();
    try {
      done = document.execCommand("copy");
    } catch {
      done = false;
    }
  }
  note.textContent = done ? "Copied" : "Selected: press Ctrl+C (⌘C) to copy";
  clearTimeout(note.timer);
  note.timer = setTimeout(() => { note.textContent = ""; }, 4000);
}

// The filters, as the address's query holds them (so a link keeps them).
function filters() {
  return { game: element("filter-game").value, status: element("filter-status").value };
}

function readFilters() {
  const query = new URLSearchParams(location.search);
  const gameId = query.get("game") || "";
  const status = query.get("status") || "";
  element("filter-game").value = games.some((g) => g.id === gameId) ? gameId : "";
  element("filter-status").value = STATUSES.includes(status) ? status : "";
}

function keepFilters() {
  const query = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(filters())) {
    if (value) query.set(key, value);
    else query.delete(key);
  }
  const text = query.toString();
  history.replaceState(null, "", `${location.pathname}${text ? `?${text}` : ""}${location.hash}`);
  render();
}

async function showTables() {
  try {
    listed = await api("/api/tables");
  } catch (error) {
    showMessage(error.message);
    return;
  }
  render();
}

// The list as last read or pushed, through the filters.
function render() {
  const wanted = filters();
  const shown = listed.filter(
    (table) => (!wanted.game || table.game === wanted.game) && (!wanted.status || table.status === wanted.status),
  );
  const rows = shown.map((table) => {
    const row = document.createElement("tr");
    row.dataset.table = table.id;
    row.dataset.game = table.game;
    row.dataset.status = table.status;
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
  const none = element("no-tables");
  none.hidden = rows.length > 0;
  none.textContent = listed.length ? "No table matches these filters." : "No open table: create one.";
}

// The live list: `/ws/lobby` pushes it whenever it changes. While the socket is down the
// page reads it every 30 s, and tries the socket again after 2 s, doubled up to 30 s.
class LobbyLive {
  constructor() {
    this.delay = SOCKET_DELAY;
    this.poller = null;
    this.open();
  }

  open() {
    let socket;
    try {
      socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/lobby`);
    } catch {
      this.down();
      return;
    }
    socket.addEventListener("open", () => {
      this.delay = SOCKET_DELAY;
      this.stopPolling();
      liveStatus("live");
    });
    socket.addEventListener("message", (event) => {
      try {
        const message = JSON.parse(event.data);
        if (message.type === "lobby" && Array.isArray(message.tables)) {
          listed = message.tables;
          render();
        }
      } catch (error) {
        console.error(error);
      }
    });
    socket.addEventListener("close", () => this.down());
  }

  down() {
    liveStatus("reconnecting");
    if (this.poller === null) this.poller = setInterval(showTables, POLL);
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(this.delay * 2, MAX_SOCKET_DELAY);
    setTimeout(() => this.open(), wait);
  }

  stopPolling() {
    if (this.poller !== null) clearInterval(this.poller);
    this.poller = null;
  }
}

function liveStatus(status) {
  const line = element("lobby-status");
  line.dataset.status = status;
  line.textContent = status === "live" ? "live" : "reconnecting… (the list is read every 30 s)";
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
  for (const entry of games) {
    const item = document.createElement("option");
    item.value = entry.id;
    item.textContent = entry.title;
    element("filter-game").append(item);
  }
  readFilters();
  element("filter-game").addEventListener("change", keepFilters);
  element("filter-status").addEventListener("change", keepFilters);
  element("spectate-link").after(...copyButton(element("spectate-link"), "the spectators' link"));
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
  new LobbyLive();
}

start().catch((error) => showMessage(error.message));
