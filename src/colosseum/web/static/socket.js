// The table's WebSocket: says hello with the seat token and the version already shown,
// receives each update, and reconnects by itself (after a server restart too).

export class TableSocket {
  constructor(tableId, token, { onMessage, onStatus, version }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}`;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.version = version;
    this.delay = 250;
    this.closed = false;
    this.open();
  }

  open() {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.delay = 250;
      socket.send(JSON.stringify({ type: "hello", token: this.token, version: this.version() }));
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
      if (event.code === 4400) {
        this.onStatus("refused");
        return;
      }
      this.onStatus("reconnecting");
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 4000);
    });
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}
