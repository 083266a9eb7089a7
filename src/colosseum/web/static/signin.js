// The sign-in and register pages. Each form posts JSON to the API (the browser keeps the
// HttpOnly session cookie it answers with), then goes back where the player came from
// (`?next=`, a path of this site only). With `?keep=<table>`, a guest who played a seat at
// that table by its link hands the seat to his account once signed in.

import { api, showMessage } from "./api.js";
import { currentAccount, finishSignIn, nextPath } from "./session.js";

const element = (id) => document.getElementById(id);
const page = document.querySelector("main").dataset.page;
const params = new URLSearchParams(location.search);
const keep = params.get("keep");

function carryParameters(link) {
  if (!link) return;
  const carried = new URLSearchParams();
  if (params.get("next")) carried.set("next", nextPath());
  if (keep) carried.set("keep", keep);
  const query = carried.toString();
  link.href = `${link.pathname}${query ? `?${query}` : ""}`;
}

async function signIn(event) {
  event.preventDefault();
  const button = element("signin-button");
  button.disabled = true;
  try {
    await api("/api/session", {
      method: "POST",
      body: { name: element("signin-name").value.trim(), password: element("signin-password").value },
    });
    await finishSignIn();
  } catch (error) {
    element("signin-password").value = "";
    showMessage(error.message);
  } finally {
    button.disabled = false;
  }
}

async function register(event) {
  event.preventDefault();
  const password = element("register-password").value;
  if (password !== element("register-again").value) {
    showMessage("The two passwords differ: type the same one twice.");
    element("register-again").focus();
    return;
  }
  const name = element("register-name").value.trim();
  const email = element("register-email").value.trim();
  const body = { name, password };
  if (email) body.email = email;
  const button = element("register-button");
  button.disabled = true;
  try {
    await api("/api/accounts", { method: "POST", body });
    // Registering may sign in at once; if it did not, sign in with what was just typed.
    if (!(await currentAccount({ again: true }))) {
      await api("/api/session", { method: "POST", body: { name, password } });
    }
    await finishSignIn();
  } catch (error) {
    showMessage(error.message);
  } finally {
    button.disabled = false;
  }
}

if (keep) element("keep-note").hidden = false;
if (page === "signin") {
  carryParameters(element("register-link"));
  element("signin-form").addEventListener("submit", signIn);
} else {
  carryParameters(element("signin-link"));
  element("register-form").addEventListener("submit", register);
}
