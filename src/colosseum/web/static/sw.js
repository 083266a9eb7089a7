// The service worker of Web Push: shows the server's "Your turn" push as a notification, and
// a click on it opens (or focuses) the table's page. Registered by push.js. It opens only
// pages of this site: a push naming another address opens the lobby.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function ownUrl(link) {
  try {
    const url = new URL(link || "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" ? data.title.slice(0, 120) : "Your turn";
  const body = typeof data.body === "string" ? data.body.slice(0, 300) : "It is your turn to play.";
  const options = {
    body,
    tag: typeof data.tag === "string" ? data.tag.slice(0, 80) : "colosseum",
    icon: "/static/favicon-turn.svg",
    data: { url: ownUrl(data.url) },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = ownUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of windows) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
