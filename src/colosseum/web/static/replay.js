// The replay of a finished game: step forward and back through every action, with what
// was hidden shown (each face-down counter as it was placed).

import { api, showMessage } from "./api.js";
import { showBoard } from "./board.js";

const main = document.querySelector("main");
const tableId = main.dataset.table;
const element = (id) => document.getElementById(id);
let total = 0;
let step = 0;

async function go(target) {
  try {
    const frame = await api(`/api/tables/${tableId}/replay/${Math.max(0, target)}`);
    total = frame.total;
    step = frame.step;
    element("step").max = total;
    element("step").value = step;
    element("where").textContent = `${step} / ${total}`;
    main.dataset.step = step;
    const played = frame.action;
    element("played").textContent = played
      ? `Action ${step}: seat ${played.seat} played “${played.notation}”.`
      : "The start of the game.";
    showBoard(element("board"), frame.board, () => {});
    element("log").replaceChildren(
      ...frame.log.map((line) => {
        const item = document.createElement("li");
        item.dataset.at = line.at;
        item.textContent = line.text;
        return item;
      }),
    );
    element("log").scrollTop = element("log").scrollHeight;
    element("players").replaceChildren(
      ...frame.players.map((p) => {
        const item = document.createElement("li");
        item.className = `seat-${p.seat}`;
        item.textContent = `${p.name}${frame.winners.includes(p.seat) ? " — winner" : ""}`;
        return item;
      }),
    );
  } catch (error) {
    showMessage(error.message);
  }
}

element("first").addEventListener("click", () => go(0));
element("back").addEventListener("click", () => go(step - 1));
element("forward").addEventListener("click", () => go(Math.min(total, step + 1)));
element("last").addEventListener("click", () => go(total));
element("step").addEventListener("change", (e) => go(Number(e.target.value)));
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
  if (event.key === "ArrowLeft") go(step - 1);
  if (event.key === "ArrowRight") go(Math.min(total, step + 1));
});
go(0);
