// Telling a player that it is his turn: the page title ("Your turn — ..."), a badge on the
// favicon, and, while the tab is hidden, a notification of the browser's Notification API.
// The browser is asked for permission only when the player clicks the "Notify me" button,
// never on load. Reusable by any page: `new TurnNotifier({title, link})` then
// `notifier.update(myTurn, words)` at each state.

const PLAIN_ICON = "/static/favicon.svg";
const TURN_ICON = "/static/favicon-turn.svg";

export function notificationsPossible() {
  return "Notification" in window;
}

export function notificationsAllowed() {
  return notificationsPossible() && Notification.permission === "granted";
}

export class TurnNotifier {
  constructor({ title = document.title, tag = location.pathname } = {}) {
    this.title = title;
    this.tag = tag;
    this.myTurn = false;
    this.shown = null; // the notification on screen, closed when the turn is played
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && this.shown) this.close();
    });
  }

  // `myTurn`: the decision is this player's now; `words`: what the notification says.
  update(myTurn, words = "It is your turn.") {
    const began = myTurn && !this.myTurn;
    this.myTurn = myTurn;
    document.title = myTurn ? `Your turn — ${this.title}` : this.title;
    setFavicon(myTurn);
    if (!myTurn) this.close();
    else if (began && document.hidden) this.notify(words);
  }

  notify(words) {
    if (!notificationsAllowed()) return;
    try {
      this.shown = new Notification(`Your turn — ${this.title}`, { body: words, tag: this.tag });
      this.shown.addEventListener("click", () => {
        window.focus();
        this.close();
      });
    } catch {
      this.shown = null; // some browsers allow notifications only from a service worker
    }
  }

  close() {
    if (this.shown) this.shown.close();
    this.shown = null;
  }
}

export function setFavicon(badge) {
  const link = document.getElementById("favicon");
  if (!link) return;
  const wanted = badge ? TURN_ICON : PLAIN_ICON;
  if (link.getAttribute("href") !== wanted) link.setAttribute("href", wanted);
  link.dataset.badge = badge ? "turn" : "";
}

// A "Notify me" button: hidden where the browser has no notifications, it asks for
// permission when clicked and then says what the browser answered.
export function bindNotifyButton(button, note) {
  if (!button) return;
  if (!notificationsPossible()) {
    button.hidden = true;
    return;
  }
  const say = () => {
    const permission = Notification.permission;
    button.hidden = permission !== "default";
    if (!note) return;
    note.textContent =
      permission === "granted"
        ? "You will be notified when it is your turn and this tab is in the background."
        : permission === "denied"
          ? "Notifications are blocked for this site in your browser's settings."
          : "";
  };
  button.addEventListener("click", async () => {
    try {
      await Notification.requestPermission();
    } finally {
      say();
    }
  });
  say();
}
