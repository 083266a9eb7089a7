// The board: the server's SVG, drawn from the seat's view. Every element that stands for an
// action carries data-action="<notation>" (several joined by "|"): clicking it, or pressing
// Enter or Space on it, plays the action, or opens a small menu when it stands for several.
// Selection (game-independent): an element with data-select="<key>" toggles the selection of
// its key on click, Enter or Space (pointing at it shows its key for a moment); an element with
// data-for="<key> ..." shows only while one of its keys is selected or pointed at (it carries
// the class "for-hidden" otherwise). The selected key is kept across redraws of the board.
// Panning: a board wider than its frame (a phone) scrolls sideways inside it; the frame is then
// focusable (arrow keys pan it) and brought to the element marked data-focus (the gladiator
// deciding) whenever that changes, so that the part of the board that matters is in view.

let remembered = null;
let focused = null;

export function showBoard(container, svgText, play, labels = new Map()) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = parsed.documentElement;
  if (svg.nodeName !== "svg") {
    container.textContent = "the board could not be drawn";
    return;
  }
  const board = document.importNode(svg, true);
  // A group, not an image: its actions and selections are focusable buttons inside it.
  board.setAttribute("role", "group");
  if (!board.hasAttribute("aria-label")) board.setAttribute("aria-label", "board");
  for (const element of board.querySelectorAll("[data-action]")) {
    const notations = element.getAttribute("data-action").split("|").filter(Boolean);
    element.classList.add("action");
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    const choose = (event) => {
      event.preventDefault();
      event.stopPropagation();
      if (notations.length === 1) play(notations[0]);
      else openChoice(notations, event, play, labels);
    };
    element.addEventListener("click", choose);
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") choose(event);
    });
  }
  wireSelection(board);
  container.replaceChildren(board);
  fitFrame(container);
}

// The frame of a board that pans: focusable and labelled while it scrolls, and scrolled to
// the board's data-focus element when it is a new one.
function fitFrame(container) {
  const pans = container.scrollWidth > container.clientWidth + 1;
  if (pans) {
    container.setAttribute("tabindex", "0");
    container.setAttribute("role", "region");
  } else {
    container.removeAttribute("tabindex");
    container.removeAttribute("role");
  }
  const target = container.querySelector("[data-focus]");
  const key = target ? target.getAttribute("data-focus") : null;
  if (!pans || !target || key === focused) return;
  focused = key;
  const frame = container.getBoundingClientRect();
  const box = target.getBoundingClientRect();
  const middle = box.left + box.width / 2 - frame.left + container.scrollLeft;
  container.scrollLeft = Math.max(0, middle - container.clientWidth / 2);
}

let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    for (const container of document.querySelectorAll(".board")) fitFrame(container);
  }, 150);
});

function wireSelection(board) {
  const selectable = [...board.querySelectorAll("[data-select]")];
  const dependent = [...board.querySelectorAll("[data-for]")];
  if (!selectable.length && !dependent.length) return;
  const keys = new Set(selectable.map((element) => element.getAttribute("data-select")));
  let selected = keys.has(remembered) ? remembered : null;
  let pointed = null;
  const refresh = () => {
    remembered = selected;
    for (const element of dependent) {
      const mine = element.getAttribute("data-for").split(/\s+/);
      const shown = mine.includes(selected) || mine.includes(pointed);
      element.classList.toggle("for-hidden", !shown);
      element.classList.toggle("for-shown", shown);
    }
    for (const element of selectable) {
      const on = element.getAttribute("data-select") === selected;
      element.classList.toggle("selected", on);
      if (!element.hasAttribute("data-action")) element.setAttribute("aria-pressed", String(on));
    }
  };
  for (const element of selectable) {
    const key = element.getAttribute("data-select");
    element.addEventListener("mouseenter", () => {
      pointed = key;
      refresh();
    });
    element.addEventListener("mouseleave", () => {
      pointed = null;
      refresh();
    });
    if (element.hasAttribute("data-action")) continue; // its click plays the action
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    element.classList.add("selectable");
    const toggle = (event) => {
      event.preventDefault();
      event.stopPropagation();
      selected = selected === key ? null : key;
      pointed = null;
      refresh();
    };
    element.addEventListener("click", toggle);
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") toggle(event);
    });
  }
  board.addEventListener("click", () => {
    selected = null;
    refresh();
  });
  board.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      selected = null;
      refresh();
    }
  });
  refresh();
}

function openChoice(notations, event, play, labels) {
  const menu = document.getElementById("choice");
  menu.replaceChildren();
  for (const notation of notations) {
    const button = document.createElement("button");
    button.type = "button";
    button.setAttribute("role", "menuitem");
    button.dataset.notation = notation;
    button.textContent = labels.get(notation) || notation;
    button.addEventListener("click", () => {
      menu.hidden = true;
      play(notation);
    });
    menu.append(button);
  }
  const x = event.clientX || 0;
  const y = event.clientY || 0;
  menu.style.left = `${x + window.scrollX}px`;
  menu.style.top = `${y + window.scrollY}px`;
  menu.hidden = false;
  menu.querySelector("button").focus();
  const close = (e) => {
    if (!menu.contains(e.target)) {
      menu.hidden = true;
      document.removeEventListener("click", close, true);
    }
  };
  document.addEventListener("click", close, true);
  menu.onkeydown = (e) => {
    if (e.key === "Escape") menu.hidden = true;
  };
}
