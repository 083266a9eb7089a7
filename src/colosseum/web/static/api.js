// Talking to the server's HTTP API: JSON in and out, the seat token as a Bearer header.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
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
  box.textContent = text;
  box.hidden = !text;
  clearTimeout(showMessage.timer);
  if (text) showMessage.timer = setTimeout(() => { box.hidden = true; }, 6000);
}
