// Browser push on the alerts page: register the service worker, subscribe with the server's
// VAPID key, and post the subscription with the page's form (CSRF token included).
(function () {
  "use strict";
  var main = document.getElementById("alerts");
  if (!main) return;
  function keyBytes(b64) {
    var s = (b64 + "===".slice((b64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(s), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }
  // The worker lives under the static path, so `serviceWorker.ready` (which waits for one whose
  // scope covers this page) never comes: wait for this registration's worker to be active instead.
  function active(reg) {
    var w = reg.installing || reg.waiting;
    if (reg.active || !w) return Promise.resolve(reg);
    return new Promise(function (done) {
      w.addEventListener("statechange", function () { if (w.state === "activated") done(reg); });
    });
  }
  document.querySelectorAll("form.push").forEach(function (form) {
    var state = form.querySelector(".push-state");
    var button = form.querySelector(".push-on");
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
      button.disabled = true;
      state.textContent = state.dataset.cannot || "This browser cannot take push alerts.";
      return;
    }
    button.addEventListener("click", function () {
      state.textContent = state.dataset.asking || "Asking the browser…";
      var ask = window.Notification && Notification.requestPermission ? Notification.requestPermission() : Promise.resolve("granted");
      Promise.resolve(ask).then(function () {
        return navigator.serviceWorker.register(main.dataset.sw);
      }).then(active).then(function (reg) {
        return reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(main.dataset.key)});
      }).then(function (sub) {
        form.querySelector("input[name=subscription]").value = JSON.stringify(sub.toJSON ? sub.toJSON() : sub);
        form.submit();
      }).catch(function (e) {
        state.textContent = (state.dataset.failed || "Push alerts could not be switched on:") + " " + (e && e.message ? e.message : e);
      });
    });
  });
})();
