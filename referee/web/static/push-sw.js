// The alerts service worker: shows a pushed alert and opens its link when clicked.
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {title: "Referee", body: event.data.text()}; }
  event.waitUntil(self.registration.showNotification(data.title || "Referee", {body: data.body || "", data: {url: data.url || "/"}}));
});
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  event.waitUntil(clients.openWindow(event.notification.data.url));
});
