// The board: the server's SVG, drawn from the seat's view. Every element that stands for an
// action carries data-action="<notation>" (several joined by "|"): clicking it, or pressing
// Enter or Space on it, plays the action, or opens a small menu when it stands for several.

export function showBoard(container, svgText, play, labels = new Map()) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = parsed.documentElement;
  if (svg.nodeName !== "svg") {
    container.textContent = "the board could not be drawn";
    return;
  }
  const board = document.importNode(svg, true);
  board.setAttribute("role", "img");
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
  container.replaceChildren(board);
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
