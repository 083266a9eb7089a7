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

// Lists that scroll in their own box (a table's log and chat, a replay's log) take the
// keyboard's focus, so that arrow keys can scroll them (WCAG 2.1.1); named by their heading.
function scrollableByKeyboard() {
  for (const list of document.querySelectorAll("ol.log, ol.chat")) {
    if (!list.hasAttribute("tabindex")) list.setAttribute("tabindex", "0");
    const heading = list.closest("section")?.querySelector("h2");
    if (heading?.id && !list.hasAttribute("aria-labelledby") && !list.hasAttribute("aria-label"))
      list.setAttribute("aria-labelledby", heading.id);
  }
}

scrollableByKeyboard();
start();
