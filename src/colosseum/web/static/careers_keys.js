// The keys this browser holds for a campaign (the organiser's, each ludus's by lanista), kept
// in localStorage as seat tokens are for tables. A key link (`#key=...`) hands one over: the
// server says whose it is, the page keeps it and removes it from the address bar. Keys are
// sent as `Authorization: Bearer <key>`, never in an address.

import { api } from "./api.js";

const storeKey = (campaign) => `colosseum.careers.${campaign}`;

export function heldKeys(campaign) {
  try {
    const found = JSON.parse(localStorage.getItem(storeKey(campaign)) || "{}");
    return { organiser: found.organiser || null, ludi: found.ludi || {} };
  } catch {
    return { organiser: null, ludi: {} };
  }
}

function save(campaign, held) {
  localStorage.setItem(storeKey(campaign), JSON.stringify(held));
}

// Keep a key shown by the server: `role` "organiser" or "lanista" (then `lanista` names it).
export function keep(campaign, role, lanista, key) {
  const held = heldKeys(campaign);
  if (role === "organiser") held.organiser = key;
  else held.ludi[lanista] = key;
  save(campaign, held);
}

export function forget(campaign, role, lanista) {
  const held = heldKeys(campaign);
  if (role === "organiser") held.organiser = null;
  else delete held.ludi[lanista];
  save(campaign, held);
}

// The key of a link's fragment, kept once the server has said whose it is; the address bar
// loses it either way. Resolves to {role, lanista} or null.
export async function takeKeyFromLink(campaign) {
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  if (!key) return null;
  history.replaceState(null, "", location.pathname + location.search);
  const who = await api(`/api/careers/${encodeURIComponent(campaign)}/actor`, { token: key });
  if (who.role === "guest") return null;
  keep(campaign, who.role, who.lanista, key);
  return who;
}

// A key link as the pages show it, once: a read-only field to copy, and a Copy button.
export function keyLinkItem(label, link, dataset = {}) {
  const item = document.createElement("li");
  Object.assign(item.dataset, dataset);
  const text = document.createElement("label");
  text.textContent = `${label}: `;
  const field = document.createElement("input");
  field.readOnly = true;
  field.size = 60;
  field.className = "key-link";
  field.value = new URL(link, location.href).href;
  field.addEventListener("focus", () => field.select());
  const copy = document.createElement("button");
  copy.type = "button";
  copy.textContent = "Copy";
  copy.addEventListener("click", () => {
    field.select();
    navigator.clipboard?.writeText(field.value).catch(() => {});
  });
  text.append(field);
  item.append(text, " ", copy);
  return item;
}
