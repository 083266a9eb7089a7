// A campaign's page: found a ludus; start a combat (the lanistae, who plays each, where it is
// fought) and show each person's link once.

import { api, showMessage } from "./api.js";
import { numberOrNull, readLudus } from "./ludus.js";

const main = document.querySelector("main");
const name = main.dataset.campaign;
const base = `/api/careers/${encodeURIComponent(name)}`;

document.getElementById("found-ludus").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await api(`${base}/ludi`, { method: "POST", body: readLudus(event.target) });
    location.reload();
  } catch (error) {
    showMessage(error.message);
  }
});

function combatRequest(form) {
  const rows = [...form.querySelectorAll(".row[data-lanista]")].filter(
    (row) => row.querySelector("input[name=lanista]").checked,
  );
  const arena = form.elements.arena.value;
  const virtual = form.elements.virtual.checked;
  const body = { lanistae: rows.map((row) => row.dataset.lanista), arena, virtual };
  if (arena === "engine") {
    body.players = rows.map((row) => row.querySelector("select[name=player]").value);
    if (virtual) body.players.push("heuristic");
    body.turn_limit = numberOrNull(form.elements.turn_limit.value) ?? 0;
  }
  const ranks = form.elements.virtual_ranks.value.trim();
  if (ranks) body.virtual_ranks = ranks.split(",").map((r) => r.trim());
  const seed = numberOrNull(form.elements.seed.value);
  if (seed !== null) body.seed = seed;
  if (form.elements.dice) {
    body.dice = form.elements.dice.value.split(/[\s,]+/).filter(Boolean).map(Number);
  }
  return body;
}

function showLinks(started) {
  document.getElementById("started-draw").textContent = started.draw;
  const list = document.getElementById("links");
  list.replaceChildren(
    ...started.links.map((link) => {
      const item = document.createElement("li");
      item.dataset.lanista = link.lanista;
      const label = document.createElement("label");
      label.textContent = `${link.lanista}: `;
      const field = document.createElement("input");
      field.readOnly = true;
      field.size = 60;
      field.value = new URL(link.link, location.href).href;
      field.addEventListener("focus", () => field.select());
      label.append(field);
      item.append(label);
      return item;
    }),
  );
  document.getElementById("follow").href = started.page;
  document.getElementById("started").hidden = false;
}

document.getElementById("start-combat").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const started = await api(`${base}/combats`, { method: "POST", body: combatRequest(event.target) });
    showLinks(started);
  } catch (error) {
    showMessage(error.message);
  }
});
