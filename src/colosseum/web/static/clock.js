// The seats' clocks on the table page (docs/web.md, "Clocks"). Each state the server sends
// carries the time control (`clock`) and each seat's time left in seconds (`time_left`, the
// deciding seat's counted to the server's now). The deciding seat's clock counts down here
// by the browser's own elapsed time since that state arrived (performance.now()): the
// server's deadline against this computer's wall clock would be off by any skew between
// the two. At zero the page asks the server for the state again, which ends the table (the
// server decides: its clock is the one that counts). Each clock is text with an
// aria-label, and low time is marked by a class and by words, not by colour alone.

const TICK = 250; // ms between two redraws of a running clock
const LOW_LIVE = 20; // seconds: a live clock's low time
const LOW_DAYS = 6 * 3600; // seconds: a day-per-move clock's low time
const ASK_AGAIN = 1000; // ms at least between two asks at zero

// "1:05", "12:00", "1:02:03" (a live clock, whole seconds rounded up: 0:00 is no time).
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

// "2 d 5 h", "5 h 12 min", under an hour as a live clock.
export function daysText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 3600) return clockText(whole);
  const hours = Math.floor(whole / 3600);
  if (hours < 24) return `${hours} h ${Math.floor((whole % 3600) / 60)} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

// The time control in words, for the line under the players.
export function controlText(clock) {
  if (!clock) return "";
  if (clock.kind === "days") return `Time control: ${clock.days} ${clock.days === 1 ? "day" : "days"} per move.`;
  if (clock.kind === "live") return `Time control: ${clock.minutes} min + ${clock.increment ?? 0} s per move.`;
  return "";
}

export function timedOut(state) {
  return Boolean(state && state.outcome && state.outcome.kind === "timeout");
}

// "Ann (seat 1) ran out of time. Won by Ben (seat 0)." `name(seat)` names a seat.
export function timeoutText(state, name) {
  const winners = (state.winners || []).map(name);
  const won = winners.length ? ` Won by ${winners.join(" and ")}.` : "";
  return `${name(state.outcome.seat)} ran out of time. The game is over.${won}`;
}

export class SeatClocks {
  // `players`: the list whose items (class seat-N) get each seat's clock; `control`: the
  // line naming the time control; `onZero`: asked when the running clock reaches zero.
  constructor({ players, control, onZero }) {
    this.players = players;
    this.control = control;
    this.onZero = onZero;
    this.state = null;
    this.received = 0; // performance.now() when the state arrived
    this.asked = -Infinity; // performance.now() of the last ask at zero
    this.timer = null;
  }

  // A new state (an answer or a push): its clocks, measured from now.
  update(state) {
    this.state = state;
    this.received = performance.now();
    if (this.control) {
      this.control.textContent = controlText(state.clock);
      this.control.hidden = !state.clock;
    }
    this.draw();
    const runs = this.running() !== null;
    if (runs && this.timer === null) this.timer = setInterval(() => this.draw(), TICK);
    if (!runs && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  // The seat whose clock runs now, or null.
  running() {
    const state = this.state;
    if (!state || !state.clock || !state.deadline || state.status !== "playing") return null;
    const seat = state.current;
    return seat !== null && seat !== undefined && typeof state.time_left[seat] === "number"
      ? seat
      : null;
  }

  // The seat's time left now, in seconds; null: it has no clock.
  left(seat) {
    const state = this.state;
    const stored = state.time_left ? state.time_left[seat] : null;
    if (typeof stored !== "number") return null;
    if (timedOut(state) && state.outcome.seat === seat) return 0;
    if (seat !== this.running()) return stored;
    return stored - (performance.now() - this.received) / 1000;
  }

  draw() {
    const state = this.state;
    if (!state) return;
    const running = this.running();
    for (const item of this.players.querySelectorAll("li")) {
      const seat = Number(/seat-(\d+)/.exec(item.className)?.[1]);
      let shown = item.querySelector(".clock");
      const left = state.clock && Number.isInteger(seat) ? this.left(seat) : null;
      if (left === null) {
        if (shown) shown.remove();
        continue;
      }
      if (!shown) {
        shown = document.createElement("span");
        shown.className = "clock";
        shown.setAttribute("role", "timer");
        item.append(" ", shown);
      }
      const low = left <= (state.clock.kind === "days" ? LOW_DAYS : LOW_LIVE);
      const text = state.clock.kind === "days" ? daysText(left) : clockText(left);
      const runs = seat === running;
      shown.textContent = text;
      shown.dataset.seat = String(seat);
      shown.dataset.seconds = String(Math.max(0, Math.ceil(left)));
      shown.classList.toggle("running", runs);
      shown.classList.toggle("low", low);
      const words = left <= 0 ? "no time left" : `${text} left${low ? ", low" : ""}`;
      shown.setAttribute("aria-label", `seat ${seat}'s clock: ${words}${runs ? ", running" : ""}`);
      shown.title = runs ? "running" : "";
    }
    if (running !== null && this.left(running) <= 0) this.zero();
  }

  zero() {
    const now = performance.now();
    if (now - this.asked < ASK_AGAIN) return;
    this.asked = now;
    this.onZero();
  }
}
