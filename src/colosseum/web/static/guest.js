// A guest's seat at the table page (a seat held by a link's token in this browser). Opening
// an invitation — a link to a seat nobody named yet, at a table where another person sits
// under a name — asks the guest his name, once (a line above the board, which does not stop
// him playing). "Keep this seat: register or sign in" hands the seat to an account (signed
// in already, a button does it at once).

import { api, showMessage } from "./api.js";
import { currentAccount, keepSeat, markNamed, named } from "./session.js";

const element = (id) => document.getElementById(id);
const DEFAULT_NAME = /^Player \d+$/; // the server's name for a guest's seat nobody named

export function invitation(state) {
  const mine = state.players[state.seat];
  if (!mine || mine.account || !DEFAULT_NAME.test(mine.name)) return false;
  return state.players.some(
    (p) => p.seat !== state.seat && p.kind === "human" && !DEFAULT_NAME.test(p.name),
  );
}

export class GuestSeat {
  // `fromLink`: the token came in this address's fragment (a link opened now).
  constructor(tableId, token, fromLink) {
    this.tableId = tableId;
    this.token = token;
    this.fromLink = fromLink;
    this.asked = false;
    this.seat = null;
    this.account = undefined;
    element("name-ask").addEventListener("submit", (event) => this.saveName(event));
    element("name-skip").addEventListener("click", () => this.closeAsk());
    element("keep-button").addEventListener("click", () => this.keep());
  }

  // Called with each state: shows what a guest's seat offers.
  async update(state) {
    if (!this.token || state.seat === null) return;
    this.seat = state.seat;
    const player = state.players[state.seat] || {};
    if (player.account) {
      element("keep-seat").hidden = true; // an account's seat already
      return;
    }
    if (this.account === undefined) this.account = await currentAccount().catch(() => null);
    const next = `/tables/${encodeURIComponent(this.tableId)}`;
    element("keep-link").href = `/register?${new URLSearchParams({ keep: this.tableId, next })}`;
    element("keep-link").hidden = Boolean(this.account);
    element("keep-button").hidden = !this.account;
    element("keep-seat").hidden = false;
    if (!this.asked && this.fromLink && !named(this.tableId) && invitation(state)) this.ask();
  }

  ask() {
    this.asked = true;
    element("guest-name").value = "";
    element("name-ask").hidden = false;
  }

  closeAsk() {
    markNamed(this.tableId); // asked once: "Not now" is an answer too
    element("name-ask").hidden = true;
  }

  async saveName(event) {
    event.preventDefault();
    const name = element("guest-name").value.trim();
    if (!name || this.seat === null) return;
    try {
      const table = `/api/tables/${encodeURIComponent(this.tableId)}`;
      await api(`${table}/seats/${this.seat}/name`, {
        method: "POST",
        token: this.token,
        body: { name },
      });
      this.closeAsk();
    } catch (error) {
      showMessage(error.message);
    }
  }

  async keep() {
    try {
      await keepSeat(this.tableId, this.seat);
      location.reload();
    } catch (error) {
      showMessage(error.message);
    }
  }
}
