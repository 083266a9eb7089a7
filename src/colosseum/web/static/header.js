// The header's account corner on every page: "Sign in" for a visitor; for an account its
// name (the account page), "My games", and "Your turn (n)" when n tables wait for it, kept
// up to date by the shared poll of session.js.

import { currentAccount, refreshMyTables, watchMyTables, withNext } from "./session.js";

const element = (id) => document.getElementById(id);

function showWaiting(tables) {
  if (!tables) return; // a failed poll: the next one will tell
  const waiting = tables.filter((table) => table.your_turn).length;
  const badge = element("nav-turns");
  badge.textContent = waiting ? `Your turn (${waiting})` : "";
  badge.hidden = !waiting;
  document.documentElement.dataset.waiting = String(waiting);
}

async function start() {
  const signin = element("nav-signin");
  if (!["/signin", "/register"].includes(location.pathname)) signin.href = withNext("/signin");
  let account = null;
  try {
    account = await currentAccount();
  } catch {
    account = null;
  }
  document.documentElement.dataset.signedIn = account ? "yes" : "no";
  signin.hidden = Boolean(account);
  element("nav-mygames").hidden = !account;
  element("nav-account").hidden = !account;
  if (!account) return;
  element("nav-account").textContent = account.name;
  watchMyTables(showWaiting);
  refreshMyTables();
}

start();
