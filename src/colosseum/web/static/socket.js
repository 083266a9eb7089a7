// The table's WebSocket: says hello with the seat token and the version already shown,
// receives each update, and reconnects by itself (after a server restart too).
// A refusal is final: 4400 (a bad token, no such table) and 1003, 1007, 1009 (a message the
// server cannot read). A client closed for not keeping up with the table (1013) or for
// sending too much (1008) comes back after a longer back-off, doubled at each such close
// (2 s up to 30 s), with jitter so that many pages do not come back at the same moment.
// The status it reports: "live", "reconnecting", "server unreachable" (after UNREACHABLE_AFTER
// tries in a row that did not connect; it keeps trying, and says so in the page's message),
// "refused".

import { UNREACHABLE, showMessage } from "./api.js";

const REFUSED = new Set([4400, 1003, 1007, 1009]);
const TOO_MUCH = new Set([1008, 1013]);
const FIRST_DELAY = 250; // ms before reconnecting after a close for other reasons
const MAX_DELAY = 4000;
const SLOW_DELAY = 2000; // ms before reconnecting after the first 1008 or 1013
const MAX_SLOW_DELAY = 30000;
const CALM = 60000; // ms connected after which a 1008 or 1013 counts as the first again
const UNREACHABLE_AFTER = 3; // tries in a row that did not connect before "server unreachable"

export class TableSocket {
  constructor(tableId, token, { onMessage, onStatus, version, seat = null }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}`;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.version = version;
    this.seat = seat; // which of its seats an account holding several watches here
    this.delay = FIRST_DELAY;
    this.slowDelay = 0;
    this.openedAt = 0;
    this.failures = 0; // tries in a row that did not connect
    this.closed = false;
    this.open();
  }

  open() {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      if (this.failures >= UNREACHABLE_AFTER && showMessage.text === UNREACHABLE) showMessage("");
      this.failures = 0;
      this.delay = FIRST_DELAY;
      this.openedAt = Date.now();
      const hello = { type: "hello", token: this.token, version: this.version() };
      if (this.seat !== null) hello.seat = Number(this.seat);
      socket.send(JSON.stringify(hello));
      this.onStatus("live");
    });
    socket.addEventListener("message", (event) => {
      try {
        this.onMessage(JSON.parse(event.data));
      } catch (error) {
        console.error(error);
      }
    });
    socket.addEventListener("close", (event) => {
      if (this.closed) return;
      if (REFUSED.has(event.code)) {
        if (event.reason) console.warn(`the server closed the connection: ${event.reason}`);
        this.onStatus("refused");
        return;
      }
      this.failures = opened ? 0 : this.failures + 1;
      if (this.failures >= UNREACHABLE_AFTER) {
        if (this.failures === UNREACHABLE_AFTER) showMessage(UNREACHABLE);
        this.onStatus("server unreachable");
      } else {
        this.onStatus("reconnecting");
      }
      setTimeout(() => this.open(), this.nextDelay(event.code) * (0.75 + Math.random() * 0.5));
    });
  }

  nextDelay(code) {
    if (!TOO_MUCH.has(code)) {
      const delay = this.delay;
      this.delay = Math.min(this.delay * 2, MAX_DELAY);
      return delay;
    }
    if (this.openedAt && Date.now() - this.openedAt > CALM) this.slowDelay = 0;
    this.slowDelay = this.slowDelay ? Math.min(this.slowDelay * 2, MAX_SLOW_DELAY) : SLOW_DELAY;
    return this.slowDelay;
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}
