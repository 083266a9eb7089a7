// A guest's seat at the table page (a seat held by the link's token in this browser): asked
// his name once, when he first opens the invitation link, and offered to keep the seat in
// an account ("Keep this seat: register or sign in"; signed in already, a button does it).

import { api, showMessage } from "./api.js";
import { currentAccount, keepSeat } from "./session.js";

const element = (id) => document.getElementById(id);

export class GuestSeat {
  // `fromLink`: the token came in this address's fragment (an invitation opened now).
  constructor(tableId, token, fromLink) {
    this.tableId = tableId;
    this.token = token;
    this.fromLink = fromLink;
    this.asked = false;
    this.account = undefined;
    element("name-form").addEventListener("submit", (event) => this.saveName(event));
    element("name-skip").addEventListener("click", () => element("name-dialog").close());
    element("keep-button").addEventListener("click", () => this.keep());
  }

  get namedKey() {
    return `colosseum.named.${this.tableId}`;
  }

  // Called with each state: shows what a guest's seat offers.
  async update(state) {
    if (!this.token || state.seat === null) return;
    const player = state.players[state.seat] || {};
    if (player.account) {
      element("keep-seat").hidden = true; // an account's seat already
      return;
    }
    if (this.account === undefined) {
      this.account = await currentAccount().catch(() => null);
    }
    const next = `/tables/${encodeURIComponent(this.tableId)}`;
    const query = new URLSearchParams({ keep: this.tableId, next });
    element("keep-link").href = `/register?${query}`;
    element("keep-link").hidden = Boolean(this.account);
    element("keep-button").hidden = !this.account;
    element("keep-seat").hidden = false;
    this.askName(player);
  }

  askName(player) {
    if (this.asked || !this.fromLink || localStorage.getItem(this.namedKey)) return;
    this.asked = true;
    const field = element("guest-name");
    field.value = this.account ? this.account.name : "";
    if (!field.value && player.name && !/^Player \d+$/.test(player.name)) field.value = player.name;
    element("name-dialog").showModal();
    field.focus();
  }

  async saveName(event) {
    event.preventDefault();
    const name = element("guest-name").value.trim();
    if (!name) return;
    try {
      await api(`/api/tables/${encodeURIComponent(this.tableId)}/name`, {
        method: "POST",
        token: this.token,
        body: { name },
      });
      localStorage.setItem(this.namedKey, "yes");
      element("name-dialog").close();
    } catch (error) {
      showMessage(error.message);
    }
  }

  async keep() {
    try {
      await keepSeat(this.tableId);
      location.reload();
    } catch (error) {
      showMessage(error.message);
    }
  }
}
