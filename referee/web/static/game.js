// Referee game page: keyboard and swipe stepping through the history, and live updates from the change
// feed GET /games/{id}/events?after=N: a stream of Server-Sent Events where the browser has
// EventSource (it reconnects by itself with Last-Event-ID), else a long poll (&wait=25). On any
// new event the page fetches itself again (with the seat cookie) and swaps in the new <main>.
// Building a move step by step: every step is a link (?kind=&chosen=) that works without this
// script; with it, a click fetches that page and swaps in its <main> (no reload, the scroll
// position kept, the focus on what comes next). The page holds no rules: it shows the server's.
// Table talk rides on the same stream (&talk_after=M: `event: talk` frames), or else its own long
// poll (GET /games/{id}/messages?wait=25), and is appended as text.
(function () {
  "use strict";
  var WAIT = 25;
  var polling = null;

  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }

  function onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target;
    if (t && t.closest && t.closest("input, textarea, select, [contenteditable]")) return;
    var rel = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"}[e.key];
    if (!rel) return;
    var link = document.querySelector('.stepper a[data-step="' + rel + '"]');
    if (link) { e.preventDefault(); window.location.assign(link.href); }
  }

  // Swipe on a phone: a horizontal stroke over the board or the history (not a zoomed board,
  // which scrolls sideways instead) steps back (to the right) or forward (to the left).
  var touch = null;
  function onTouchStart(e) {
    var t = e.target;
    var zoom = document.getElementById("zoom");
    if (e.touches.length !== 1 || !t.closest || !t.closest(".board-part, .history") || (zoom && zoom.checked)) {
      touch = null;
      return;
    }
    touch = {x: e.touches[0].clientX, y: e.touches[0].clientY};
  }
  function onTouchEnd(e) {
    if (!touch || !e.changedTouches.length) return;
    var dx = e.changedTouches[0].clientX - touch.x, dy = e.changedTouches[0].clientY - touch.y;
    touch = null;
    if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    var link = document.querySelector('.stepper a[data-step="' + (dx > 0 ? "prev" : "next") + '"]');
    if (link) window.location.assign(link.href);
  }

  function typedValues() {
    var out = {};
    ["move-text", "move-json"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el && el.value) out[id] = el.value;
    });
    return out;
  }

  async function refresh(main, url) {
    var resp = await fetch(url || main.dataset.url, {credentials: "same-origin", headers: {Accept: "text/html"}});
    if (!resp.ok) return false;
    var doc = new DOMParser().parseFromString(await resp.text(), "text/html");
    var fresh = doc.querySelector("main#game");
    if (!fresh) return false;
    var typed = typedValues();
    var focused = document.activeElement && document.activeElement.id;
    var opened = Array.prototype.map.call(document.querySelectorAll("main#game details[open]"),
                                          function (d) { return d.className; });
    var current = document.querySelector("main#game");
    current.replaceWith(document.adoptNode(fresh));
    Object.keys(typed).forEach(function (id) {
      var el = document.getElementById(id);
      if (el && !el.value) el.value = typed[id];
    });
    opened.forEach(function (cls) {
      if (!cls) return;
      var d = fresh.querySelector("details." + cls.split(" ")[0]);
      if (d) d.open = true;
    });
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
    if (!url) announce(fresh);
    return true;
  }

  function stepTarget(e) {
    var a = e.target && e.target.closest ? e.target.closest("a.pick, a.option, a.back") : null;
    var main = document.querySelector("main#game");
    return a && main && main.contains(a) ? a : null;
  }

  async function takeStep(e) {
    var a = stepTarget(e);
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    var href = a.getAttribute("href");  // an SVG link's .href is not a string
    var ok = false;
    try { ok = await swapLayout(href); } catch (err) { ok = false; }
    if (!ok) { window.location.assign(href); return; }
    history.pushState({step: true}, "", href);
    var next = document.querySelector("main#game #play, main#game #picture a.pick, main#game .steps a.option");
    if (next) next.focus({preventScroll: true});
  }

  async function swapLayout(href) {
    // A step changes only the board and the decision: fetch those (part=step) and swap them in.
    var main = document.querySelector("main#game");
    var old = main && main.querySelector(".layout");
    if (!old) return false;
    var resp = await fetch(href + (href.indexOf("?") < 0 ? "?" : "&") + "part=step",
                           {credentials: "same-origin", headers: {Accept: "text/html"}});
    if (!resp.ok) return false;
    var doc = new DOMParser().parseFromString(await resp.text(), "text/html");
    var fresh = doc.querySelector(".layout");
    if (!fresh) return false;
    var typed = typedValues();
    old.replaceWith(document.adoptNode(fresh));
    Object.keys(typed).forEach(function (id) {
      var el = document.getElementById(id);
      if (el && !el.value) el.value = typed[id];
    });
    main.dataset.url = href;
    return true;
  }

  function announce(main) {
    // Screen readers hear the newest history line (the status region is polite and off screen).
    var status = document.getElementById("live-status");
    var items = main.querySelectorAll("#events li");
    if (status && items.length) status.textContent = items[items.length - 1].textContent.trim();
  }

  async function poll(main) {
    var game = main.dataset.game;
    var after = Number(main.dataset.seq);
    for (;;) {
      if (!document.body.contains(main)) return;
      try {
        var resp = await fetch("/games/" + encodeURIComponent(game) + "/events?after=" + after + "&wait=" + WAIT,
                               {credentials: "omit", headers: {Accept: "application/json"}, cache: "no-store"});
        if (!resp.ok) { await sleep(5000); continue; }
        var body = await resp.json();
        if (!document.body.contains(main)) return;
        if (body.events && body.events.length) {
          if (await refresh(main)) { start(); return; }
          after = body.events[body.events.length - 1].seq;
        }
      } catch (err) {
        await sleep(5000);
      }
    }
  }

  function subscribe(main) {
    if (!window.EventSource) { poll(main); return; }
    var section = talkLive();
    var source = new EventSource("/games/" + encodeURIComponent(main.dataset.game) +
                                 "/events?after=" + Number(main.dataset.seq) +
                                 (section ? "&talk_after=" + Number(section.dataset.after) : ""));
    source.addEventListener("talk", function (e) {
      try { addMessage(JSON.parse(e.data)); } catch (err) { /* not a message: ignore */ }
    });
    // The seat changed hands or this browser signed out: show the page as it now is for us.
    source.addEventListener("revoked", function () { source.close(); location.reload(); });
    source.onmessage = async function () {
      source.close();
      if (!document.body.contains(main)) return;
      if (await refresh(main)) { start(); return; }
      poll(main);  // the page could not be fetched: keep listening the simple way
    };
    source.onerror = function () {
      // A refused stream (too many open, say) is closed for good: fall back to the long poll.
      if (source.readyState === EventSource.CLOSED && document.body.contains(main)) poll(main);
    };
  }

  function showCurrentEvent() {
    var list = document.getElementById("events");
    var current = list && list.querySelector("li.current");
    if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
  }

  // Table talk: the messages this viewer may read arrive on GET /games/{id}/messages (a stream,
  // else a long poll, with the page's seat cookie) and are added to the panel as text, never HTML.
  var talking = false;

  function addMessage(m) {
    var section = document.getElementById("talk");
    var list = document.getElementById("messages");
    if (!section || !list || list.querySelector('li[data-seq="' + Number(m.seq) + '"]')) return;
    var names = JSON.parse(section.dataset.names || "[]");
    // the headings' words come from the page, in its language ("{who} to all", "{who} an alle")
    var words = section.dataset;
    function name(s) { return names[s] !== undefined ? names[s] : (words.seat || "seat {seat}").replace("{seat}", s + 1); }
    var li = document.createElement("li");
    li.dataset.seq = String(Number(m.seq));
    li.className = m.note ? "note" : m.to === "all" ? "public" : "private";
    var who = document.createElement("span");
    who.className = "who";
    var parts = {who: name(m.from), to: m.to === "all" ? "" : m.to.map(name).join(", ")};
    var heading = m.note ? (words.note || "Note")
      : (m.to === "all" ? (words.toAll || "{who} to all") : (words.to || "{who} to {to}"))
          .replace(/\{(who|to)\}/g, function (all, key) { return parts[key]; });
    who.textContent = heading + ":";
    var text = document.createElement("span");
    text.className = "text";
    text.textContent = m.text;
    li.appendChild(who);
    li.appendChild(document.createTextNode(" "));
    li.appendChild(text);
    list.appendChild(li);
    var none = document.getElementById("no-messages");
    if (none) none.remove();
    list.scrollTop = list.scrollHeight;
    section.dataset.after = String(Math.max(Number(section.dataset.after), Number(m.seq)));
  }

  async function pollTalk(game) {
    for (;;) {
      var section = document.getElementById("talk");
      if (!section) return;
      try {
        var resp = await fetch("/games/" + encodeURIComponent(game) + "/messages?after=" + Number(section.dataset.after) +
                               "&wait=" + WAIT, {credentials: "same-origin", headers: {Accept: "application/json"}, cache: "no-store"});
        if (!resp.ok) { await sleep(5000); continue; }
        ((await resp.json()).messages || []).forEach(addMessage);
      } catch (err) {
        await sleep(5000);
      }
    }
  }

  function talkLive() {
    var section = document.getElementById("talk");
    return section && section.dataset.live === "1" ? section : null;
  }

  function talk() {
    // While the page follows the game by its stream, the talk rides on that one connection
    // (`talk_after`, `event: talk` frames: subscribe); otherwise it has a long poll of its own.
    var section = talkLive();
    var main = document.querySelector("main#game");
    if (talking || !section || !main) return;
    if (main.dataset.live === "1" && window.EventSource) return;
    talking = true;
    pollTalk(main.dataset.game);
  }

  function start() {
    showCurrentEvent();
    talk();
    var main = document.querySelector("main#game");
    if (!main || main.dataset.live !== "1" || polling === main) return;
    polling = main;
    subscribe(main);
  }

  // The create form shows the selected game's seat rows only (hidden rows are not sent).
  function seatRows() {
    var select = document.getElementById("game-select");
    if (!select) return;
    function apply() {
      var opt = select.options[select.selectedIndex];
      var min = Number(opt.dataset.min), max = Number(opt.dataset.max);
      document.querySelectorAll(".seat-row").forEach(function (row) {
        var i = Number(row.dataset.seat);
        row.hidden = i >= max;
        row.querySelectorAll("input").forEach(function (input) {
          input.disabled = i >= max;
          if (input.name.indexOf("name") === 0) input.required = i === 0;  // later rows: a name or an invite
        });
      });
      var range = document.getElementById("seat-range");
      if (range) range.textContent = min === max ? String(min) : min + "\u2013" + max;
    }
    select.addEventListener("change", apply);
    apply();
  }

  // Copy buttons next to personal links and tokens.
  function copyButtons() {
    document.querySelectorAll("button.copy").forEach(function (button) {
      button.addEventListener("click", async function () {
        var field = document.getElementById(button.dataset.copy);
        if (!field) return;
        field.select();
        try { await navigator.clipboard.writeText(field.value); }
        catch (err) { document.execCommand && document.execCommand("copy"); }
        var label = button.textContent;  // the page's language: the template gives both words
        button.textContent = button.dataset.copied || "Copied";
        setTimeout(function () { button.textContent = label; }, 2000);
      });
    });
  }

  // The lobby's "open a table" form offers the chosen game's seat counts only.
  function tableSeats() {
    var select = document.getElementById("table-game"), input = document.getElementById("table-seats");
    if (!select || !input) return;
    function apply() {
      var opt = select.options[select.selectedIndex];
      input.min = opt.dataset.min; input.max = opt.dataset.max;
      var n = Number(input.value);
      if (n > Number(opt.dataset.max)) input.value = opt.dataset.max;
      if (n < Number(opt.dataset.min)) input.value = opt.dataset.min;
    }
    select.addEventListener("change", apply);
    apply();
  }

  function startForms() { seatRows(); tableSeats(); copyButtons(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startForms);
  else startForms();

  document.addEventListener("keydown", onKey);
  document.addEventListener("touchstart", onTouchStart, {passive: true});
  document.addEventListener("touchend", onTouchEnd, {passive: true});
  document.addEventListener("click", takeStep);
  window.addEventListener("popstate", function () {
    var main = document.querySelector("main#game");
    if (main) refresh(main, window.location.pathname + window.location.search).then(start);
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
