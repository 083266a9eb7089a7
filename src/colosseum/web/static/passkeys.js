// Passkeys (WebAuthn), on two pages. The sign-in page's `#passkey-signin` asks the server for
// a challenge, lets the browser find one of this site's passkeys (no name needed), sends the
// signed answer and, signed in, goes where the player came from (`?next=`, `?keep=` as the
// password form does). The account page's `#passkey-add` makes a new passkey for the account
// and `#passkeys` lists them, each with a button to remove it. The server checks everything;
// this file only turns the options into what `navigator.credentials` takes (binary fields
// are base64url in JSON, ArrayBuffers for the browser) and the answer back into JSON.

import { api, showMessage } from "./api.js";
import { finishSignIn } from "./session.js";

const element = (id) => document.getElementById(id);

// --- base64url <-> ArrayBuffer ---------------------------------------------------------------

export function fromBase64url(text) {
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export function toBase64url(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

// --- options in, answers out -----------------------------------------------------------------

function descriptors(list) {
  return (list || []).map((item) => ({ ...item, id: fromBase64url(item.id) }));
}

function creationOptions(options) {
  return {
    ...options,
    challenge: fromBase64url(options.challenge),
    user: { ...options.user, id: fromBase64url(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
}

function requestOptions(options) {
  return {
    ...options,
    challenge: fromBase64url(options.challenge),
    allowCredentials: descriptors(options.allowCredentials),
  };
}

function credentialJSON(credential) {
  const response = credential.response;
  const answer = { clientDataJSON: toBase64url(response.clientDataJSON) };
  if (response.attestationObject) {
    answer.attestationObject = toBase64url(response.attestationObject);
    if (typeof response.getTransports === "function") answer.transports = response.getTransports();
  } else {
    answer.authenticatorData = toBase64url(response.authenticatorData);
    answer.signature = toBase64url(response.signature);
    if (response.userHandle) answer.userHandle = toBase64url(response.userHandle);
  }
  const json = {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: answer,
    clientExtensionResults: credential.getClientExtensionResults(),
  };
  if (credential.authenticatorAttachment) json.authenticatorAttachment = credential.authenticatorAttachment;
  return json;
}

function supported() {
  return Boolean(window.PublicKeyCredential && navigator.credentials);
}

// What the browser said when the person cancelled, or when nothing matched.
function browserRefusal(error) {
  if (error && error.name === "NotAllowedError") return "No passkey was used (cancelled, or none for this site).";
  if (error && error.name === "InvalidStateError") return "This device already holds a passkey for this account.";
  return error && error.message ? error.message : String(error);
}

// --- sign in ---------------------------------------------------------------------------------

async function signIn(button) {
  button.disabled = true;
  try {
    const offer = await api("/api/session/passkey/options", { method: "POST", body: {} });
    let credential;
    try {
      credential = await navigator.credentials.get({ publicKey: requestOptions(offer.options) });
    } catch (error) {
      showMessage(browserRefusal(error));
      return;
    }
    await api("/api/session/passkey", {
      method: "POST",
      body: { challenge_id: offer.challenge_id, credential: credentialJSON(credential) },
    });
    await finishSignIn();
  } catch (error) {
    showMessage(error.message);
  } finally {
    button.disabled = false;
  }
}

// --- the account's passkeys ------------------------------------------------------------------

async function listPasskeys() {
  const list = element("passkeys");
  if (!list) return;
  let passkeys;
  try {
    passkeys = await api("/api/me/passkeys");
  } catch (error) {
    if (error.status !== 401) showMessage(error.message);
    return;
  }
  list.replaceChildren(
    ...passkeys.map((passkey) => {
      const item = document.createElement("li");
      item.dataset.passkey = passkey.id;
      const words = document.createElement("span");
      words.textContent = `Passkey added ${new Date(passkey.created).toLocaleString()} `;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "passkey-remove";
      remove.textContent = "Remove";
      remove.addEventListener("click", () => removePasskey(passkey.id));
      item.append(words, remove);
      return item;
    }),
  );
}

async function addPasskey(button) {
  button.disabled = true;
  try {
    const offer = await api("/api/me/passkeys/options", { method: "POST", body: {} });
    let credential;
    try {
      credential = await navigator.credentials.create({ publicKey: creationOptions(offer.options) });
    } catch (error) {
      showMessage(browserRefusal(error));
      return;
    }
    await api("/api/me/passkeys", {
      method: "POST",
      body: { challenge_id: offer.challenge_id, credential: credentialJSON(credential) },
    });
    showMessage("Passkey added: it signs you in on the sign-in page.");
    await listPasskeys();
  } catch (error) {
    showMessage(error.message);
  } finally {
    button.disabled = false;
  }
}

async function removePasskey(id) {
  try {
    await api(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });
    showMessage("Passkey removed: it no longer signs in.");
  } catch (error) {
    showMessage(error.message);
  }
  await listPasskeys();
}

// --- wiring ----------------------------------------------------------------------------------

function wire(id, action) {
  const button = element(id);
  if (!button) return;
  if (!supported()) {
    button.disabled = true;
    button.title = "This browser cannot use passkeys.";
    return;
  }
  button.addEventListener("click", () => action(button));
}

wire("passkey-signin", signIn);
wire("passkey-add", addPasskey);
listPasskeys();
