// The careers page: the campaigns, and a form to found one (with its first ludus, if named).
// The keys the server gives the founder (the organiser's, his ludus's) are shown once, with
// their links, and kept in this browser.

import { api, showMessage } from "./api.js";
import { keep, keyLinkItem } from "./careers_keys.js";
import { numberOrNull, readLudus } from "./ludus.js";

function showKeys(campaign) {
  const list = document.getElementById("keys");
  list.replaceChildren(...campaign.keys.map((key) => {
    keep(campaign.name, key.role, key.lanista, key.key);
    const label = key.role === "organiser" ? "The organiser's key" : `${key.lanista}'s ludus key`;
    return keyLinkItem(label, key.link, { role: key.role, lanista: key.lanista || "" });
  }));
  if (campaign.founder) {
    document.getElementById("founder").textContent = campaign.founder;
    document.getElementById("by-account").hidden = false;
  }
  document.getElementById("to-campaign").href = campaign.page;
  form.hidden = true;
  document.getElementById("founded").hidden = false;
}

const form = document.getElementById("new-campaign");

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const field = (name) => form.elements[name];
  const mode = field("mode").value;
  const body = {
    name: field("name").value,
    glory_target: numberOrNull(field("glory_target").value),
    dice: field("dice").value,
    mode,
  };
  if (mode === "tournament") {
    body.starting_aurei = numberOrNull(field("starting_aurei").value);
    body.rounds = numberOrNull(field("rounds").value);
    body.fixed_rewards = field("fixed_rewards").checked;
    body.fixed_arena_roll = field("fixed_arena_roll").checked;
  }
  const ludus = readLudus(form);
  if (ludus.lanista) body.ludus = ludus;
  try {
    showKeys(await api("/api/careers", { method: "POST", body }));
  } catch (error) {
    showMessage(error.message);
  }
});
