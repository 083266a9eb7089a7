// The account page: your rating in each game and your public page, the email for turn
// notifications and whether to send them, sign out (here, or in every browser), delete the
// account (its password confirms). Signed out, the page sends the visitor to sign in and back.

import { api, showMessage } from "./api.js";
import { currentAccount, withNext } from "./session.js";

const element = (id) => document.getElementById(id);

function show(account) {
  element("account-name").textContent = account.name;
  element("account-email").value = account.email || "";
  element("account-notify").checked = Boolean(account.notify_email);
  element("account-notify").disabled = !account.email;
  for (const id of ["account", "passkeys-section", "signout-section", "delete-section"]) {
    element(id).hidden = false;
  }
  element("account-loading").hidden = true;
  // an account signed in only by passkeys has no password to confirm with
  element("delete-password-field").hidden = !account.has_password;
  element("delete-password").required = account.has_password;
}

// Your ratings, as anyone sees them on your public page (`GET /api/accounts/{name}`).
async function showRatings(name) {
  const path = encodeURIComponent(name);
  element("account-public").href = `/players/${path}`;
  const found = await api(`/api/accounts/${path}`).catch(() => null);
  const ratings = (found && Array.isArray(found.ratings)) ? found.ratings : [];
  const items = ratings.map((r) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/ratings/${encodeURIComponent(r.game)}`;
    link.textContent = r.game;
    const [low, high] = r.interval || [];
    item.append(link, `: ${r.rating} (between ${low} and ${high}), ${r.games} rated games`);
    if (r.provisional) item.append(" · provisional");
    return item;
  });
  element("account-ratings").replaceChildren(...items);
  element("account-unrated").hidden = items.length > 0;
}

async function saveEmail(event) {
  event.preventDefault();
  const email = element("account-email").value.trim();
  try {
    const account = await api("/api/me", {
      method: "PATCH",
      body: { email: email || null, notify_email: Boolean(email) && element("account-notify").checked },
    });
    show(account);
    showMessage("Saved.");
  } catch (error) {
    showMessage(error.message);
  }
}

async function signOut(everywhere) {
  try {
    await api(everywhere ? "/api/me/sessions" : "/api/session", { method: "DELETE" });
    location.assign("/");
  } catch (error) {
    showMessage(error.message);
  }
}

async function deleteAccount(event) {
  event.preventDefault();
  const password = element("delete-password").value;
  element("delete-password").value = "";
  try {
    await api("/api/me", { method: "DELETE", body: password ? { password } : {} });
    location.assign("/");
  } catch (error) {
    showMessage(error.status === 401 ? `${error.message}: nothing was deleted.` : error.message);
  }
}

async function start() {
  const account = await currentAccount();
  if (!account) {
    location.replace(withNext("/signin"));
    return;
  }
  show(account);
  showRatings(account.name);
  element("account-email").addEventListener("input", () => {
    element("account-notify").disabled = !element("account-email").value.trim();
  });
  element("email-form").addEventListener("submit", saveEmail);
  element("signout").addEventListener("click", () => signOut(false));
  element("signout-everywhere").addEventListener("click", () => signOut(true));
  element("delete-form").addEventListener("submit", deleteAccount);
}

start().catch((error) => showMessage(error.message));
