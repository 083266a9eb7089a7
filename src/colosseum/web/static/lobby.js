// The lobby: a form to create a table (every option of the chosen game as a field), the
// open tables with their free seats, and a record to replay. A seed may be chosen only for a
// practice table, whose seed everyone sees; the list marks such tables.

import { api, showMessage } from "./api.js";

const element = (id) => document.getElementById(id);
const SEAT_KINDS = ["human", "random", "heuristic", "easy", "normal", "hard"];
let games = [];

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
  const seats = [];
  for (let seat = 0; seat < Number(element("count").value); seat += 1) {
    const label = document.createElement("label");
    label.textContent = `Seat ${seat} `;
    const select = document.createElement("select");
    select.name = `seat-${seat}`;
    for (const kind of SEAT_KINDS) {
      const item = document.createElement("option");
      item.value = item.textContent = kind;
      select.append(item);
    }
    select.value = before[seat] || (seat === 0 ? "human" : "heuristic");
    label.append(select);
    seats.push(label);
  }
  fieldset.replaceChildren(legend, ...seats);
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
  const players = [...element("seats").querySelectorAll("select")].map((s) => s.value);
  const practice = element("practice").checked;
  const seedText = practice ? element("seed").value.trim() : "";
  const body = {
    game: element("game").value,
    players,
    options: options(),
    private: element("private").checked,
    hints: element("hints").checked,
    practice,
    names: players.map((kind, seat) => (seat === players.indexOf("human") ? element("name").value : "")),
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
    const humans = table.seats.filter((s) => s.join);
    const mine = humans[0];
    const others = humans.slice(1);
    if (!others.length) {
      location.assign(mine ? mine.join : table.spectate);
      return;
    }
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
    element("go-table").href = mine.join;
    element("invites").hidden = false;
  } catch (error) {
    showMessage(error.message);
  }
}

async function showTables() {
  const tables = await api("/api/tables");
  const rows = tables.map((table) => {
    const row = document.createElement("tr");
    const title = document.createElement("td");
    title.textContent = table.title;
    const players = document.createElement("td");
    players.textContent = table.players
      .map((p) => (p.kind === "human" ? (p.claimed ? p.name : "free seat") : p.kind))
      .join(", ");
    const status = document.createElement("td");
    status.textContent = table.status;
    if (table.practice) {
      const mark = document.createElement("small");
      mark.className = "practice";
      mark.textContent = " · practice — the seed is public";
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

async function sit(tableId, seat) {
  try {
    const joined = await api(`/api/tables/${tableId}/join`, {
      method: "POST",
      body: { seat, name: element("name").value },
    });
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
  element("refresh").addEventListener("click", showTables);
  element("upload").addEventListener("submit", upload);
  await showTables();
}

start().catch((error) => showMessage(error.message));
