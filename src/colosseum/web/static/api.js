// Talking to the server's HTTP API: JSON in and out, the seat token as a Bearer header.
// A server that cannot be reached (down, or the network is) is said in words a person can
// act on, never the browser's "Failed to fetch": a reading (GET) is tried again a few times
// first, with the words shown meanwhile; a change is not (it may have arrived).

export const UNREACHABLE = "The server cannot be reached — check your connection; trying again…";
export const UNREACHABLE_CHANGE =
  "The server cannot be reached — check your connection, then try again (this may not have been done).";
const UNREACHABLE_READ = "The server cannot be reached — check your connection, then reload the page.";
const RETRIES = [1000, 3000]; // ms before each new try of a reading that could not be sent

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status; // 0: the server could not be reached
  }
}

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function send(path, options) {
  const reading = options.method === "GET";
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(path, options);
      if (attempt > 0 && showMessage.text === UNREACHABLE) showMessage("");
      return response;
    } catch (error) {
      if (error && error.name === "AbortError") throw error;
      if (!reading) throw new ApiError(0, UNREACHABLE_CHANGE);
      if (attempt >= RETRIES.length) throw new ApiError(0, UNREACHABLE_READ);
      showMessage(UNREACHABLE);
      await pause(RETRIES[attempt]);
    }
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await send(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, describe(data, response.status));
  return data;
}

function describe(data, status) {
  const detail = data && data.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail) && detail.length) {
    return detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  return `the server answered ${status}`;
}

// A seat's token: taken from the link's fragment (never sent to the server in the URL),
// kept in this browser for the table, and removed from the address bar.
export function seatToken(tableId) {
  const key = `colosseum.token.${tableId}`;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fromLink = fragment.get("token");
  if (fromLink) {
    localStorage.setItem(key, fromLink);
    history.replaceState(null, "", location.pathname + location.search);
  }
  if (new URLSearchParams(location.search).has("spectate")) return null;
  return localStorage.getItem(key);
}

export function forgetToken(tableId) {
  localStorage.removeItem(`colosseum.token.${tableId}`);
}

export function showMessage(text) {
  const box = document.getElementById("message");
  if (!box) return;
  showMessage.text = text;
  box.textContent = text;
  box.hidden = !text;
  clearTimeout(showMessage.timer);
  if (text) showMessage.timer = setTimeout(() => { box.hidden = true; }, 6000);
}
