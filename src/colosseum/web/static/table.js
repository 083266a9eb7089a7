// The table page: one generic client for every game. It shows what the server sends for
// this seat (or a spectator): the SVG board, the legal actions, the players and the log, and
// in one small line what anyone may know of the seed: its commitment while the table is in
// play, the seed and salt to check it against once it is over (a practice table's seed
// always). When the decision is this seat's, the title says "Your turn — ..." and the
// favicon carries a badge (and, once allowed by "Notify me", a notification comes while the
// tab is hidden). A seat of an account needs no token: the sign-in cookie finds it.

import { api as call, forgetToken, seatToken, showMessage } from "./api.js";
import { showBoard } from "./board.js";
import { TableChat } from "./chat.js";
import { SeatClocks, timedOut, timeoutText } from "./clock.js";
import { GuestSeat } from "./guest.js";
import { bindNotationBox, showActions } from "./menu.js";
import { markChanges, MovesBanner } from "./moves.js";
import { bindNotifyButton, TurnNotifier } from "./notify.js";
import { markNamed, refreshMyTables } from "./session.js";
import { TableSocket } from "./socket.js";

const main = document.querySelector("main");
const tableId = main.dataset.table;
const fromLink = new URLSearchParams(location.hash.slice(1)).has("token");
const token = seatToken(tableId);
const notifier = new TurnNotifier({ title: document.title, tag: `table-${tableId}` });
const guest = new GuestSeat(tableId, token, fromLink);
const element = (id) => document.getElementById(id);
// ?seat=N: which of its seats an account holding several of this table plays here.
const chosenSeat = /^[0-9]$/.exec(new URLSearchParams(location.search).get("seat") ?? "")?.[0] ?? null;
const api = (path, options) => call(chosenSeat === null ? path : `${path}${path.includes("?") ? "&" : "?"}seat=${chosenSeat}`, options);
const chat = new TableChat(tableId, token, {
  seat: chosenSeat,
  list: element("chat"),
  form: element("chat-form"),
  input: element("chat-input"),
  note: element("chat-note"),
});
const clocks = new SeatClocks({ players: element("players"), control: element("time-control"), onZero: () => reload() });

let current = null; // the latest state shown
let logVersion = 0; // the events of actions up to this number are in the log
let thinking = null; // a computer seat deciding now
let busy = false;
let drawn = null; // what the drawn board and panels show (drawnKey): a state like it is not drawn again
let drawnBoard = ""; // the server's SVG drawn last, to see what the next one changed
let changedFrom = ""; // the SVG the banner's telling began from: what changed is marked from it
let posting = null; // while this seat's action is on its way: the socket's messages held meanwhile
const own = new Set(); // the action numbers this page played: not told back to it
const banner = new MovesBanner({
  banner: element("moves"),
  list: element("moves-list"),
  skip: element("moves-skip"),
  board: element("board"),
});
main.dataset.draws = "0";

// One redraw per version: the HTTP answer to this seat's action and the push of the same
// version draw once; a state of the same version is drawn again only when the table around
// it changed (seats, status, an ending, a failure).
function drawnKey(state) {
  return JSON.stringify([
    state.version,
    state.seat,
    state.current,
    state.status,
    state.outcome,
    // the seats as both carry them (an HTTP answer's may add fields a push leaves out)
    state.players.map((p) => [p.seat, p.kind, p.name, p.claimed, p.account]),
    state.failure,
    state.undo,
    Boolean(state.final),
  ]);
}

// The actions after `shown` up to the state's version that this page did not play, each with
// its events' words (an action with none this seat may see is said to be hidden).
function othersSince(shown, state) {
  const steps = [];
  for (let at = shown + 1; at <= state.version; at++) {
    if (own.has(at)) continue;
    const words = state.events.filter((event) => event.at === at).map((event) => event.text);
    steps.push({ at, words: words.length ? words.join(" ") : "An action you cannot see." });
  }
  return steps;
}

function show(state) {
  if (current && state.version < current.version) return;
  const key = drawnKey(state);
  if (key === drawn) {
    current = state; // the same table: only its clocks are newer
    clocks.update(state);
    return;
  }
  const told = current ? othersSince(logVersion, state) : []; // a page that opens tells nothing
  drawn = key;
  current = state;
  thinking = null;
  for (const event of state.events) {
    if (event.at <= logVersion) continue;
    const line = document.createElement("li");
    line.dataset.at = event.at;
    line.textContent = event.text;
    element("log").append(line);
  }
  logVersion = Math.max(logVersion, state.version);
  element("log").scrollTop = element("log").scrollHeight;
  const labels = new Map(state.legal.map((a) => [a.notation, a.label]));
  const previous = drawnBoard;
  showBoard(element("board"), state.board, play, labels);
  drawnBoard = state.board;
  main.dataset.draws = String(Number(main.dataset.draws) + 1);
  if (told.length) {
    if (!banner.playing()) changedFrom = previous; // else what changed since the telling began
    markChanges(changedFrom, element("board"));
    banner.tell(told);
  }
  showActions(element("actions"), element("notations"), state.legal, play);
  element("notation").hidden = state.seat === null || ended(state);
  element("resign-box").hidden = state.seat === null || ended(state);
  element("undo").hidden = !state.undo;
  chat.seat(state.seat);
  showPlayers(state);
  clocks.update(state);
  showStatus();
  showHintButton(state);
  showFairness(state);
  main.dataset.version = state.version;
  main.dataset.current = state.current ?? "";
  main.dataset.status = state.status ?? "";
  if (ended(state)) {
    element("replay-link").hidden = false;
    element("record-link").hidden = false;
  }
  showEnd(state);
  showTurn(state);
  guest.update(state);
}

// Over by its rules, by a resignation, or abandoned.
function ended(state) {
  return state.terminal || state.status === "abandoned" || state.status === "over";
}

function showTurn(state) {
  const over = ended(state);
  const mine = state.seat !== null && state.current === state.seat && !over;
  const changed = mine !== notifier.myTurn;
  notifier.update(mine, "The decision is yours.");
  main.dataset.myTurn = mine ? "yes" : "no";
  element("notify-box").hidden = state.seat === null || over;
  if (changed) refreshMyTables(); // the header's "Your turn (n)"
}

function name(state, seat) {
  const player = state.players[seat];
  return player ? `${player.name} (seat ${seat})` : `seat ${seat}`;
}

function showPlayers(state) {
  element("players").replaceChildren(
    ...state.players.map((player) => {
      const item = document.createElement("li");
      item.className = `seat-${player.seat}`;
      if (player.seat === state.current) item.classList.add("current");
      const who = player.kind === "human" ? (player.claimed ? "" : " — free seat") : ` — ${player.kind}`;
      item.textContent = `${player.name}${who}`;
      return item;
    }),
  );
  element("you").textContent =
    state.seat === null ? "You are watching." : `You play seat ${state.seat}.`;
}

function showStatus() {
  const state = current;
  let text;
  if (!state) text = "";
  else if (state.status === "abandoned") {
    text = "This table was abandoned: nobody acted at it for too long.";
  } else if (timedOut(state)) {
    text = timeoutText(state, (seat) => name(state, seat));
  } else if (state.outcome && state.outcome.kind === "resigned") {
    const winners = state.winners.map((seat) => name(state, seat));
    text = `${name(state, state.outcome.seat)} resigned. Won by ${winners.join(" and ")}.`;
  } else if (state.terminal) {
    const winners = state.winners.map((seat) => name(state, seat));
    text = `Game over. ${winners.length ? `Won by ${winners.join(" and ")}.` : "No winner."}`;
    if (state.capped) text += main.dataset.game === "jugula" ? " (ended by the turn limit)" : " (ended by the round limit)";
  } else if (thinking !== null && thinking === state.current) {
    text = `${name(state, thinking)} is thinking…`;
  } else if (state.seat !== null && state.current === state.seat) {
    text = "Your decision.";
  } else {
    text = `Waiting for ${name(state, state.current)}.`;
  }
  if (state && state.failure) text += ` (A computer player failed: ${state.failure})`;
  element("status").textContent = text;
  element("status").classList.toggle("thinking", thinking !== null);
}

// The seed's line. A seed may be past what a JavaScript number holds exactly, so its digits
// are read from the summary's text, not from a parsed number.
let fairnessShown = "";

async function showFairness(state) {
  const stage = state.salt ? "revealed" : state.practice ? "practice" : "committed";
  if (stage === fairnessShown || (!state.commitment && !state.practice && !state.salt)) return;
  fairnessShown = stage;
  const line = element("fairness");
  if (stage === "committed") {
    line.textContent = `Deal committed before play: SHA-256 ${state.commitment}`;
    return;
  }
  let seed = String(state.seed ?? "");
  try {
    const response = await fetch(`/api/tables/${tableId}`, { headers: { Accept: "application/json" } });
    const found = /"seed":\s*([0-9]+)/.exec(await response.text());
    if (found) seed = found[1];
  } catch {
    // the number from the state will do
  }
  if (stage === "practice") {
    line.textContent = `Practice table — the seed is public: ${seed}`;
    return;
  }
  if (!state.commitment) {
    line.textContent = `Seed: ${seed}`;
    return;
  }
  line.textContent =
    `Seed ${seed}, salt ${state.salt}. Check the deal: SHA-256 of "${state.salt}:${seed}" ` +
    `must be the commitment ${state.commitment}`;
  const digest = await sha256(`${state.salt}:${seed}`);
  if (digest !== null) line.textContent += digest === state.commitment ? " — it is ✓" : " — it is NOT ✗";
}

async function sha256(text) {
  if (!globalThis.crypto || !crypto.subtle) return null; // pages not served over HTTPS
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function play(notation) {
  if (!current || busy) return false;
  if (current.seat === null) {
    showMessage("Spectators cannot play.");
    return false;
  }
  busy = true;
  banner.clear(); // this seat's own action is not told back to it
  posting = [];
  const from = current.version;
  try {
    const state = await api(`/api/tables/${tableId}/actions`, {
      method: "POST",
      token,
      body: { action: notation, version: from },
    });
    for (let at = from + 1; at <= state.version; at++) own.add(at);
    show(state);
    showMessage("");
    return true;
  } catch (error) {
    showMessage(error.message);
    if (error.status === 409) await reload();
    return false;
  } finally {
    busy = false;
    const held = posting;
    posting = null;
    for (const message of held) onMessage(message);
  }
}

// An undo took actions back: forget the log after the start, the next state brings it all.
function rewind() {
  current = null;
  logVersion = 0;
  drawn = null;
  own.clear();
  banner.clear();
  element("log").replaceChildren();
}

async function reload() {
  try {
    let state = await api(`/api/tables/${tableId}/state?since=${logVersion}`, { token });
    if (current && state.version < current.version) {
      rewind(); // the log is shorter than the one shown: an undo
      state = await api(`/api/tables/${tableId}/state`, { token });
    }
    show(state);
  } catch (error) {
    if (error.status === 401) {
      forgetToken(tableId);
      showMessage(`${error.message}. Showing the table as a spectator.`);
      location.search = "?spectate";
      return;
    }
    showMessage(error.message);
  }
}

// Hints (tables created with them): the search's top three actions for this seat, from its
// own view, each with its estimated chance (best first, as the server orders them) or, where
// the estimate is missing or rough, why in words; clicking one plays it.
function showHintButton(state) {
  const button = element("hint-button");
  if (!button) return;
  const mine = state.seat !== null && state.current === state.seat && !state.terminal;
  button.disabled = !mine;
  if (element("hints").dataset.version !== String(state.version)) element("hints").replaceChildren();
}

async function askHint() {
  const button = element("hint-button");
  button.disabled = true;
  button.textContent = "Thinking…";
  try {
    const answer = await api(`/api/tables/${tableId}/hint`, { token });
    if (!current || answer.version !== current.version) return;
    const list = element("hints");
    list.dataset.version = String(answer.version);
    list.replaceChildren(
      ...answer.hints.map((hint) => {
        const item = document.createElement("li");
        const choice = document.createElement("button");
        choice.type = "button";
        choice.dataset.notation = hint.notation;
        const chance = hint.win === null ? "no estimate" : `${Math.round(hint.win * 100)} %`;
        choice.textContent = `${hint.label} — ${chance}`;
        choice.addEventListener("click", () => play(hint.notation));
        item.append(choice);
        if (hint.reason) {
          const why = document.createElement("small");
          why.className = "note hint-reason";
          why.textContent = ` ${hint.reason}`;
          item.append(why);
        }
        return item;
      }),
    );
  } catch (error) {
    showMessage(error.message);
  } finally {
    button.textContent = "Hint";
    if (current) showHintButton(current);
  }
}

if (element("hint-button")) element("hint-button").addEventListener("click", askHint);

// The end panel, once the table is finished: the story, what each seat has at the end (the
// server's summary, web/endings.py), the replay, and Play again for a seat.
let endShown = null; // the summary shown, as text: redrawn only when it changes

function showEnd(state) {
  const panel = element("end-panel");
  const final = state.final;
  if (!final) {
    panel.hidden = true;
    endShown = null;
    return;
  }
  const text = JSON.stringify(final);
  if (text === endShown) return;
  const first = endShown === null;
  endShown = text;
  element("end-story").textContent = final.story;
  const heading = (label, number) => {
    const cell = document.createElement("th");
    cell.scope = "col";
    cell.textContent = label;
    if (number) cell.className = "number";
    return cell;
  };
  element("end-head").replaceChildren(
    heading("Player"),
    heading("Result"),
    ...final.columns.map((column) => heading(column, true)),
  );
  element("end-seats").replaceChildren(
    ...final.seats.map((seat) => {
      const row = document.createElement("tr");
      row.className = `seat-${seat.seat}${seat.winner ? " winner" : ""}`;
      const who = document.createElement("th");
      who.scope = "row";
      who.textContent = `${seat.name}${seat.seat === state.seat ? " (you)" : ""}`;
      const cell = (value, className) => {
        const item = document.createElement("td");
        item.textContent = String(value);
        if (className) item.className = className;
        return item;
      };
      row.append(who, cell(seat.winner ? "won" : "—"));
      for (const value of seat.values) row.append(cell(value, "number"));
      return row;
    }),
  );
  // Each seat's gladiators and how they ended, under the numbers.
  element("end-gladiators").replaceChildren(
    ...final.seats
      .filter((seat) => seat.gladiators.length)
      .map((seat) => {
        const item = document.createElement("li");
        const who = document.createElement("strong");
        who.textContent = `${seat.name}: `;
        item.append(who, seat.gladiators.map((g) => `${g.name} ${g.state}`).join("; "));
        return item;
      }),
  );
  element("end-replay").href = final.replay;
  element("play-again").hidden = !final.again;
  panel.hidden = false;
  if (first) panel.focus(); // the game just ended, or the page opened on a finished table
}

// Play again: a new table like this one (the server's body, `final.again`), then this seat's
// place at it; the other guests' seats get new links to send, shown here first.
element("play-again").addEventListener("click", async () => {
  const body = current && current.final && current.final.again;
  if (!body) return;
  const button = element("play-again");
  button.disabled = true;
  try {
    const table = await call("/api/tables", { method: "POST", body });
    const mineAccount = body.players.some((kind) => kind && kind.kind === "me");
    const mine = mineAccount ? null : table.seats.find((seat) => seat.seat === current.seat);
    const target = mine && mine.join ? mine.join : `/tables/${encodeURIComponent(table.id)}`;
    markNamed(table.id); // the same name as here
    const others = table.seats.filter(
      (seat) => seat.join && seat.seat !== current.seat && body.players[seat.seat] === "human",
    );
    if (!others.length) {
      location.assign(target);
      return;
    }
    element("again-list").replaceChildren(
      ...others.map((seat) => {
        const item = document.createElement("li");
        const code = document.createElement("input");
        code.readOnly = true;
        code.value = new URL(seat.join, location.href).href;
        code.setAttribute("aria-label", `link for seat ${seat.seat} of the new table`);
        item.append(`Seat ${seat.seat}: `, code);
        return item;
      }),
    );
    element("again-go").href = target;
    element("again-links").hidden = false;
    element("again-go").focus();
  } catch (error) {
    showMessage(`Play again: ${error.message}`);
  } finally {
    button.disabled = false;
  }
});

// Resigning asks first: the game ends at once, this seat last.
element("undo").addEventListener("click", async () => {
  if (!current || busy) return;
  busy = true;
  try {
    const undone = await api(`/api/tables/${tableId}/undo`, {
      method: "POST",
      token,
      body: { version: current.version },
    });
    showMessage(`Took back ${undone.count} action${undone.count === 1 ? "" : "s"}.`);
  } catch (error) {
    showMessage(`Undo: ${error.message}`);
  } finally {
    busy = false;
  }
  await reload();
});

element("resign").addEventListener("click", () => {
  element("resign-ask").hidden = false;
  element("resign").hidden = true;
});
element("resign-no").addEventListener("click", () => {
  element("resign-ask").hidden = true;
  element("resign").hidden = false;
});
element("resign-yes").addEventListener("click", async () => {
  element("resign-ask").hidden = true;
  element("resign").hidden = false;
  try {
    await api(`/api/tables/${tableId}/resign`, { method: "POST", token });
    showMessage("");
  } catch (error) {
    showMessage(error.message);
  }
  await reload();
});

bindNotationBox(element("notation"), element("notation-input"), play);
bindNotifyButton(element("notify-me"), element("notify-note"));

new TableSocket(tableId, token, {
  seat: chosenSeat,
  version: () => logVersion,
  onStatus: (status) => {
    if (status === "live") chat.load(); // the lines said while away
    element("connection").textContent = status;
    element("connection").dataset.status = status;
  },
  onMessage,
});

// A message of the table's socket. While this seat's action is on its way they wait for its
// answer: the push of that same action must not be told back as another seat's.
function onMessage(message) {
  if (posting !== null) {
    posting.push(message);
    return;
  }
  if (message.type === "state") show(message);
  else if (message.type === "chat") chat.add(message);
  else if (message.type === "resigned") showMessage(`${message.name} resigned.`);
  else if (message.type === "rewound") rewind();
  else if (message.type === "undone") {
    const count = `${message.count} action${message.count === 1 ? "" : "s"}`;
    if (current && message.seat !== current.seat) showMessage(`${message.name} took back ${count}.`);
  }
  else if (message.type === "timeout") showMessage(`${message.name} ran out of time: the game is over.`);
  else if (message.type === "thinking") {
    thinking = message.seat;
    showStatus();
  } else if (message.type === "error") {
    showMessage(message.message);
    if (message.status === 401) {
      forgetToken(tableId);
      location.search = "?spectate";
    }
  }
}
