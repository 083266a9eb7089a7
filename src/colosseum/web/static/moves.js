// Moves you can follow: the actions of the other seats (and computer players) that arrived
// since the board was last drawn, told one by one in a banner above the board, while what
// they changed on the (final) board is highlighted. The board itself is drawn once, at once:
// the banner only paces the words. Skippable (its Skip button, or Escape); with
// `prefers-reduced-motion: reduce` nothing moves: every action's words are listed at once and
// the changes are outlined without a pulse.

const STEP_MS = 900; // chosen: the time each action's words are shown alone before the next

// Attributes and classes the page adds to a drawn board (board.js, this module): not part of
// what the server drew, so not a change.
const PAGE_ATTRIBUTES = new Set(["data-action", "tabindex", "role", "aria-pressed", "aria-label"]);
const PAGE_CLASSES = new Set([
  "action",
  "selected",
  "selectable",
  "for-hidden",
  "for-shown",
  "move-changed",
  "move-pulse",
]);
const MAX_LISTED = 30; // chosen: the banner keeps the words of this many actions at most
const MAX_MARKED = 120; // chosen: past this many changed parts, none is marked (it all changed)

export function reducedMotion() {
  return Boolean(globalThis.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// Each element's signature: its tag, what the server gave it and its children's signatures.
function signatures(root) {
  const found = new Map();
  const sign = (element) => {
    const attributes = [];
    for (const attribute of element.attributes) {
      if (PAGE_ATTRIBUTES.has(attribute.name)) continue;
      let value = attribute.value;
      if (attribute.name === "class") {
        value = value.split(/\s+/).filter((name) => name && !PAGE_CLASSES.has(name)).sort().join(" ");
      }
      attributes.push(`${attribute.name}=${value}`);
    }
    attributes.sort();
    const parts = [];
    for (const child of element.childNodes) {
      if (child.nodeType === Node.ELEMENT_NODE) parts.push(sign(child));
      else if (child.nodeType === Node.TEXT_NODE && child.data.trim()) parts.push(`"${child.data.trim()}"`);
    }
    const text = `<${element.localName} ${attributes.join(" ")}>${parts.join("")}</>`;
    found.set(element, text);
    return text;
  };
  sign(root);
  return found;
}

// Mark (class "move-changed") the smallest parts of the board drawn in `container` that were
// not on the board drawn from `previousText` (the server's SVG shown before), outside this
// seat's own action targets. Returns how many parts were marked (also in the container's
// data-changes).
export function markChanges(previousText, container) {
  const board = container.querySelector("svg");
  if (!previousText || !board) return 0;
  const before = new DOMParser().parseFromString(previousText, "image/svg+xml").documentElement;
  if (before.nodeName !== "svg") return 0;
  const seen = new Map(); // signature -> how many times the old board has it
  for (const text of signatures(before).values()) seen.set(text, (seen.get(text) ?? 0) + 1);
  const now = signatures(board);
  const marked = [];
  const visit = (element) => {
    const text = now.get(element);
    const count = seen.get(text) ?? 0;
    if (count > 0) {
      seen.set(text, count - 1); // the same part, where it was: nothing changed inside it
      return;
    }
    const children = [...element.children].filter((child) => child.localName !== "title");
    const before = marked.length;
    for (const child of children) visit(child);
    if (marked.length === before && element !== board) marked.push(element); // its own look
  };
  visit(board);
  // What lies in this seat's own action targets changed because the decision is now its own:
  // the renderer marks those already.
  const shown = marked.filter((element) => !element.closest("[data-action]"));
  container.dataset.changes = String(shown.length);
  if (shown.length > MAX_MARKED) return 0;
  for (const element of shown) element.classList.add("move-changed");
  return shown.length;
}

// The banner: `steps` are [{at, words}] in order, told one at a time.
export class MovesBanner {
  constructor({ banner, list, skip, board }) {
    this.banner = banner;
    this.list = list;
    this.skipButton = skip;
    this.board = board;
    this.timer = null;
    this.shown = 0;
    skip.addEventListener("click", () => this.skip());
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.playing()) this.skip();
    });
  }

  playing() {
    return this.timer !== null;
  }

  // Tell these actions after those told since this seat last acted: at once with reduced
  // motion, else one every STEP_MS (actions arriving meanwhile wait their turn).
  tell(steps) {
    if (!steps.length) return;
    for (const step of steps) {
      const item = document.createElement("li");
      item.dataset.at = String(step.at);
      item.textContent = step.words;
      item.hidden = true;
      this.list.append(item);
    }
    while (this.list.children.length > MAX_LISTED) {
      if (!this.list.firstElementChild.hidden) this.shown -= 1;
      this.list.firstElementChild.remove();
    }
    this.banner.hidden = false;
    const reduced = reducedMotion();
    this.banner.dataset.motion = reduced ? "reduced" : "full";
    if (reduced) {
      this.finish();
      return;
    }
    if (this.playing()) return;
    this.banner.dataset.state = "playing";
    this.skipButton.hidden = false;
    this.board.classList.add("moves-playing");
    this.next();
    this.timer = setInterval(() => this.next(), STEP_MS);
  }

  next() {
    const items = this.list.children;
    if (this.shown >= items.length) {
      this.finish();
      return;
    }
    for (const item of items) item.classList.remove("latest");
    const item = items[this.shown];
    item.hidden = false;
    item.classList.add("latest");
    this.shown += 1;
  }

  // Show every action's words, stop pacing (Skip, Escape, the end, or this seat acting).
  skip() {
    if (this.playing()) this.finish();
  }

  finish() {
    this.stop();
    for (const item of this.list.children) item.hidden = false;
    this.shown = this.list.children.length;
    this.banner.dataset.state = "done";
    this.skipButton.hidden = true;
    this.board.classList.remove("moves-playing");
  }

  stop() {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  // This seat acted, or the log was rewound: the banner has nothing to tell.
  clear() {
    this.stop();
    this.list.replaceChildren();
    this.shown = 0;
    this.banner.hidden = true;
    this.banner.dataset.state = "idle";
    this.skipButton.hidden = true;
    this.board.classList.remove("moves-playing");
  }
}
