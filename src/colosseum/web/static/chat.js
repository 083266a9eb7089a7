// A table's chat panel: the lines read from the server (GET .../chat?after=id) and pushed by
// it ({"type": "chat"}), each shown with textContent — never as HTML. The seats write
// (POST .../chat); spectators only read, so the form is hidden for them.

import { api } from "./api.js";

export class TableChat {
  constructor(tableId, token, { list, form, input, note, seat = null }) {
    this.tableId = tableId;
    this.query = seat === null ? "" : `seat=${seat}`; // an account's seat, when it holds several
    this.token = token;
    this.list = list;
    this.form = form;
    this.input = input;
    this.note = note;
    this.shown = new Set(); // the ids of the lines shown
    this.loaded = 0; // the lines up to this id were read (pushed ones may be past it)
    this.busy = false;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
  }

  // Whether this page may write: only as a seat.
  seat(seat) {
    this.form.hidden = seat === null;
  }

  // The lines said since the last one shown (on load and after a reconnection).
  async load() {
    try {
      const query = [`after=${this.loaded}`, this.query].filter(Boolean).join("&");
      const lines = await api(`/api/tables/${this.tableId}/chat?${query}`);
      for (const line of lines) {
        this.add(line);
        this.loaded = Math.max(this.loaded, line.id);
      }
    } catch (error) {
      this.note.textContent = error.message;
    }
  }

  add(line) {
    if (this.shown.has(line.id)) return;
    this.shown.add(line.id);
    const item = document.createElement("li");
    item.dataset.id = line.id;
    item.className = line.seat === null ? "" : `seat-${line.seat}`;
    const who = document.createElement("b");
    who.textContent = `${line.name}: `;
    const said = document.createElement("span");
    said.textContent = line.text;
    item.append(who, said);
    this.list.append(item);
    this.list.scrollTop = this.list.scrollHeight;
  }

  async send() {
    const text = this.input.value.trim();
    if (!text || this.busy) return;
    this.busy = true;
    try {
      const line = await api(`/api/tables/${this.tableId}/chat${this.query ? `?${this.query}` : ""}`, {
        method: "POST",
        token: this.token,
        body: { text },
      });
      this.add(line);
      this.input.value = "";
      this.note.textContent = "";
    } catch (error) {
      this.note.textContent = error.message;
    } finally {
      this.busy = false;
    }
  }
}
