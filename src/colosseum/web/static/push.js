// Web Push: on a click (never on load), register the service worker (sw.js), ask the
// browser's permission, subscribe with the server's VAPID key and give the subscription to
// the server for the signed-in account, so that "Your turn" reaches this browser even when
// no page of the site is open. `subscribePush()` does it; `bindPushButton(button, note)`
// wires a button; any element with a `data-push` attribute is wired when this loads.

import { api } from "./api.js";

const WORKER = "/static/sw.js";

export function pushPossible() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function keyBytes(base64url) {
  const padded = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(padded + "=".repeat((4 - (padded.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

// Subscribe this browser; resolves to what happened, in words for a person.
export async function subscribePush() {
  if (!pushPossible()) return { ok: false, words: "This browser cannot receive pushes." };
  let key;
  try {
    key = (await api("/api/push/key")).key;
  } catch (error) {
    return { ok: false, words: error.status === 404 ? "This server sends no pushes." : error.message };
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    return { ok: false, words: "Notifications are blocked for this site in the browser." };
  }
  const registration = await navigator.serviceWorker.register(WORKER);
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe(); // made for another server key
    subscription = null;
  }
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key),
    });
  }
  const { endpoint, keys } = subscription.toJSON();
  try {
    await api("/api/me/push", { method: "POST", body: { endpoint, keys } });
  } catch (error) {
    return { ok: false, words: error.status === 401 ? "Sign in first." : error.message };
  }
  return { ok: true, words: "This browser will be told when it is your turn." };
}

// Stop pushes to this browser.
export async function unsubscribePush() {
  if (!pushPossible()) return;
  const registration = await navigator.serviceWorker.getRegistration(WORKER);
  const subscription = registration && (await registration.pushManager.getSubscription());
  if (!subscription) return;
  await api("/api/me/push", { method: "DELETE", body: { endpoint: subscription.endpoint } }).catch(
    () => {},
  );
  await subscription.unsubscribe();
}

function sameKey(subscription, key) {
  const given = subscription.options && subscription.options.applicationServerKey;
  if (!given) return true;
  const bytes = new Uint8Array(given);
  const wanted = keyBytes(key);
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i]);
}

export function bindPushButton(button, note) {
  if (!button) return;
  if (!pushPossible()) {
    button.hidden = true;
    return;
  }
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const { ok, words } = await subscribePush();
      if (note) note.textContent = words;
      button.hidden = ok;
    } catch (error) {
      if (note) note.textContent = `Could not subscribe: ${error.message}`;
    } finally {
      button.disabled = false;
    }
  });
}

for (const button of document.querySelectorAll("[data-push]")) {
  const note = button.dataset.push ? document.getElementById(button.dataset.push) : null;
  bindPushButton(button, note);
}
