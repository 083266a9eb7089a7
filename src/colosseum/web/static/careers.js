// The careers page: the campaigns, and a form to found one (with its first ludus, if named).

import { api, showMessage } from "./api.js";
import { numberOrNull, readLudus } from "./ludus.js";

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
    const campaign = await api("/api/careers", { method: "POST", body });
    location.href = campaign.page;
  } catch (error) {
    showMessage(error.message);
  }
});
