// Who is signed in, asked once per page: `GET /api/me` (401: nobody), and the tables where
// it is this account's turn (`GET /api/me/tables`). The session cookie is HttpOnly: the page
// never sees it, it only asks the server. `nextPath` reads a `?next=` address and keeps it
// only when it is a path of this site (never another origin: no open redirect).

import { api, forgetToken, showMessage } from "./api.js";

let asked = null;

export function currentAccount({ again = false } = {}) {
  if (asked === null || again) {
    asked = api("/api/me").catch((error) => {
      if (error.status === 401) return null;
      throw error;
    });
  }
  return asked;
}

export async function myTables() {
  const tables = await api("/api/me/tables");
  return Array.isArray(tables) ? tables : [];
}

// One poll of `GET /api/me/tables` per page, shared by whoever watches it (the header, the
// "My games" list): every 30 s, when the tab comes back to the front, and when a page says
// that a turn changed (`refreshMyTables`). Signed out, nothing is asked.
const REFRESH = 30_000; // ms
const watchers = new Set();
let polling = false;
let inFlight = null;

export function watchMyTables(callback) {
  watchers.add(callback);
  if (polling) return;
  polling = true;
  setInterval(refreshMyTables, REFRESH);
  window.addEventListener("focus", refreshMyTables);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refreshMyTables();
  });
}

export function refreshMyTables() {
  if (inFlight) return inFlight;
  inFlight = (async () => {
    try {
      if (!(await currentAccount())) return;
      const tables = await myTables();
      for (const watcher of watchers) watcher(tables);
    } catch (error) {
      for (const watcher of watchers) watcher(null, error);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

export function nextPath(fallback = "/me") {
  const wanted = new URLSearchParams(location.search).get("next") || "";
  if (!wanted.startsWith("/") || wanted.startsWith("//") || wanted.includes("\\")) return fallback;
  try {
    const url = new URL(wanted, location.origin);
    if (url.origin !== location.origin) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

// The address of a page with `?next=` set to this page, to come back after signing in.
export function withNext(path) {
  const here = location.pathname + location.search;
  return `${path}?next=${encodeURIComponent(here)}`;
}

// A guest's seat, held by the token this browser keeps for the table, handed to the account
// signed in now: from then on the seat opens wherever the account signs in (the token is
// then forgotten). `seat`: the seat's number, asked of the server when not known.
export async function keepSeat(tableId, seat = null) {
  const token = localStorage.getItem(`colosseum.token.${tableId}`);
  if (!token) throw new Error("this browser holds no seat at that table");
  const table = `/api/tables/${encodeURIComponent(tableId)}`;
  if (seat === null) seat = (await api(`${table}/state?board=false`, { token })).seat;
  if (!Number.isInteger(seat)) throw new Error("this browser holds no seat at that table");
  await api(`${table}/seats/${seat}/keep`, { method: "POST", token });
  forgetToken(tableId);
}

// After a sign-in (by password or passkey): the seat of `?keep=<table>` handed to the account,
// then back where the player came from (`?next=`, a path of this site only).
export async function finishSignIn() {
  const keep = new URLSearchParams(location.search).get("keep");
  let next = nextPath();
  if (keep) {
    try {
      await keepSeat(keep);
      next = nextPath(`/tables/${encodeURIComponent(keep)}`);
    } catch (error) {
      showMessage(`Signed in, but the seat could not be kept: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }
  }
  location.assign(next);
}

// This browser chose its name at the table already (in the lobby, or when asked).
export function markNamed(tableId) {
  localStorage.setItem(`colosseum.named.${tableId}`, "yes");
}

export function named(tableId) {
  return localStorage.getItem(`colosseum.named.${tableId}`) !== null;
}
