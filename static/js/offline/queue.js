// The dealer's queue (issue 33): each round or hand he records goes into IndexedDB first,
// with its Idempotency-Key and the time it was dealt, and is sent from there, oldest first,
// each exactly once (one tab sends at a time, under a Web Lock; the key makes a replay
// after a lost answer the first record). What the service refuses is held on the service
// (/api/v1/held-entries/) for the dealer or a supervisor to resolve; the banner says what
// waits, what was recorded and what was refused, in the service's words. Nothing is lost
// by a reload, a closed tab or a restarted tablet: the queue is the browser's database.
// The forms' side is static/js/offline/forms.js; the service worker keeps the pages.
(function () {
  "use strict";
  var banner = document.getElementById("queue-banner");
  if (!banner) return;
  var ME = banner.dataset.user, STORE = "queue", LOCK = "casino-dealer-queue";
  var channel = "BroadcastChannel" in window ? new BroadcastChannel(LOCK) : null;
  var recorded = [], note = "", forget = null;
  // The entries this page has just queued and waits on (its form shows their answer):
  // a refusal of one goes back into the form; any other refusal is held on the service.
  var awaiting = {};

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(banner.dataset.worker, {scope: "/dealer/"}).then(function () {
      // The dealer's page and the forms it links to, kept for a drop in the network.
      var keep = ["/dealer/"].concat(Array.prototype.map.call(
        document.querySelectorAll("a[data-keep]"), function (a) { return a.getAttribute("href"); }));
      return navigator.serviceWorker.ready.then(function (ready) {
        if (ready.active) ready.active.postMessage({keep: keep});
      });
    }).catch(function () {});
  }

  // Logging out forgets the pages kept for him (not his queue: it waits for him).
  var logout = document.querySelector("form.logout");
  if (logout && "serviceWorker" in navigator) {
    logout.addEventListener("submit", function () {
      if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage({forget: true});
    });
  }

  // --- IndexedDB -------------------------------------------------------------------
  var opened = null;
  function db() {
    opened = opened || new Promise(function (resolve, reject) {
      var request = indexedDB.open("casino-dealer", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, {keyPath: "key"});
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
    return opened;
  }
  function run(mode, work) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(STORE, mode), store = tx.objectStore(STORE), result;
        var request = work(store);
        if (request) request.onsuccess = function () { result = request.result; };
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  function all() {
    return run("readonly", function (s) { return s.getAll(); }).then(function (rows) {
      return rows.sort(function (a, b) {
        return a.queued_at < b.queued_at ? -1 : a.queued_at > b.queued_at ? 1 : a.seq - b.seq;
      });
    });
  }
  function get(key) { return run("readonly", function (s) { return s.get(key); }); }
  function put(entry) { return run("readwrite", function (s) { return s.put(entry); }); }
  function drop(key) { return run("readwrite", function (s) { return s.delete(key); }); }

  function changed() { if (channel) channel.postMessage("changed"); return show(); }
  if (channel) channel.onmessage = function () { show(); };

  // --- The service's time (issue 44) ------------------------------------------------
  // A dealt time later than the service's clock is refused, by however little: the
  // tablet stamps its rounds by the service's clock, not its own. Each answer's Date header
  // is the service's time (to the second, rounded down) at a moment before the answer
  // arrived, so the tablet's clock moved by (that - the arrival) is never ahead of the
  // service's, only a second or so behind. Kept across reloads: offline, the last one.
  var SKEW = "casino-dealer-skew", skew = 0;
  try { skew = Number(localStorage.getItem(SKEW)) || 0; } catch (e) { skew = 0; }
  function heard(answer) {
    var said = Date.parse(answer.headers.get("Date") || "");
    if (!isNaN(said)) {
      skew = said - Date.now();
      try { localStorage.setItem(SKEW, String(skew)); } catch (e) { /* kept for this page */ }
    }
    return answer;
  }
  function now() { return new Date(Date.now() + skew); }

  // --- Sending ---------------------------------------------------------------------
  function csrf() {
    var found = document.cookie.split("; ").filter(function (c) { return c.indexOf("csrftoken=") === 0; })[0];
    return found ? decodeURIComponent(found.split("=")[1]) : "";
  }
  // A POST that gives up after 10 s: on a floor's Wi-Fi an answer may never come. The
  // entry then waits; if the service had stored it, the next try gets that record (200).
  function post(url, body, key) {
    var headers = {"Content-Type": "application/json", "Accept": "application/json",
                   "X-CSRFToken": csrf()};
    if (key) headers["Idempotency-Key"] = key;
    var stop = "AbortController" in window ? new AbortController() : null;
    var timer = stop && setTimeout(function () { stop.abort(); }, 10000);
    return fetch(url, {method: "POST", credentials: "same-origin", headers: headers,
                       body: JSON.stringify(body), signal: stop ? stop.signal : undefined})
      .then(heard).finally(function () { clearTimeout(timer); });
  }
  function locked(work) {
    if (navigator.locks) return navigator.locks.request(LOCK, work);
    return work();
  }

  // Sends every waiting entry of this dealer, oldest first; resolves to the records
  // made, by key. Stops at the first answer that is not the service's (no network, the
  // service down, the log-in gone): the rest wait for the next try.
  function sendAll() {
    var made = {};
    return locked(function () {
      return all().then(function (entries) {
        var mine = entries.filter(function (e) { return e.user === ME; });
        return mine.reduce(function (chain, entry) {
          return chain.then(function (go) {
            if (!go) return false;
            return entry.state === "refused" ? hold(entry) : sendOne(entry, made);
          });
        }, Promise.resolve(true));
      });
    }).then(function () { return changed(); }).then(function () { return made; });
  }

  function sendOne(entry, made) {
    return get(entry.key).then(function (current) {
      if (!current || current.state !== "waiting") return true;  // another tab sent it
      return post(entry.url, entry.body, entry.key).then(function (answer) {
        if (answer.status === 200 || answer.status === 201) {
          return answer.json().then(function (record) {
            made[entry.key] = record;
            recorded.unshift(entry.label + " " + entry.noun + " " + record.id + " recorded" +
                             (awaiting[entry.key] ? "" : ", dealt " + clock(entry.dealt_at, entry.zone)));
            recorded = recorded.slice(0, 5);
            clearTimeout(forget);
            forget = setTimeout(function () { recorded = []; show(); }, 60000);
            note = "";
            return drop(entry.key).then(function () { return true; });
          });
        }
        return answer.json().catch(function () { return {}; }).then(function (detail) {
          if (servicesRefusal(answer.status, detail)) return refused(entry, detail, made);
          note = answer.status === 401 || answer.status === 403
            ? "Your log-in has ended: log in again and they are sent."
            : "The service does not answer (" + answer.status + "): they are sent once it does.";
          return false;
        });
      });
    }).catch(function () {
      note = "No network: they are sent as soon as it is back.";
      return false;
    });
  }

  // The service's answer about this entry (it is refused: held, the rest go on), or about
  // the tablet (a log-in ended, a page's token gone stale, the service down: all wait).
  function servicesRefusal(status, detail) {
    if (status === 400 || status === 404 || status === 409) return true;
    return status === 403 && !/^CSRF|credentials/i.test(String(detail.detail || ""));
  }

  // A refusal: the round the dealer has just typed goes back into his form (nothing was
  // recorded; he is there to fix it); one that waited is held on the service.
  function refused(entry, refusal, made) {
    if (entry.held && !awaiting[entry.key]) {  // a correction of a held entry: still held there
      note = entry.label + ": the correction was refused: " + words(refusal);
      return drop(entry.key).then(function () { return true; });
    }
    if (awaiting[entry.key]) {
      made[entry.key] = {refused: refusal};
      return drop(entry.key).then(function () { return true; });
    }
    entry.state = "refused";
    entry.refusal = refusal;
    return put(entry).then(function () { return hold(entry); });
  }

  // Held on the service, and off the tablet; until the service takes it (no network, or
  // it refuses to hold it: a table no longer his), it stays here, shown with its words.
  // The service finds its own words for the refusal; one it would record now (a limit
  // raised since, 409) waits to be sent again.
  function hold(entry) {
    var held = {table: entry.table, kind: entry.kind, body: entry.body};
    return post(banner.dataset.heldUrl, held, entry.key).then(function (answer) {
      if (answer.status === 200 || answer.status === 201) return drop(entry.key);
      if (answer.status === 409) {
        entry.state = "waiting";
        delete entry.refusal;
        delete entry.unheld;
        return put(entry);
      }
      return answer.json().catch(function () { return {}; }).then(function (why) {
        entry.unheld = words(why);
        return put(entry);
      });
    }).catch(function () {}).then(function () { return true; });
  }

  // --- The banner ------------------------------------------------------------------
  // A time on the casino's clock, saying which ("14:02 EST").
  function clock(iso, zone) {
    return new Intl.DateTimeFormat("en-US", {hour: "2-digit", minute: "2-digit", hour12: false,
                                             timeZone: zone || banner.dataset.zone,
                                             timeZoneName: "short"}).format(new Date(iso));
  }
  function counted(entries) {
    var rounds = entries.filter(function (e) { return e.kind === "stud_round"; }).length;
    var hands = entries.length - rounds, parts = [];
    if (rounds) parts.push(rounds + (rounds === 1 ? " round" : " rounds"));
    if (hands) parts.push(hands + (hands === 1 ? " hand" : " hands"));
    return parts.join(" and ");
  }
  function item(text, extra) {
    var li = document.createElement("li");
    li.textContent = text;
    if (extra) li.appendChild(extra);
    return li;
  }
  function list(id) {
    var ul = banner.querySelector(id);
    ul.textContent = "";
    return ul;
  }

  var heldShown = [];
  function show() {
    return all().then(function (entries) {
      var mine = entries.filter(function (e) { return e.user === ME; });
      var waiting = mine.filter(function (e) { return e.state === "waiting"; });
      var stuck = mine.filter(function (e) { return e.state === "refused"; });
      var others = entries.filter(function (e) { return e.user !== ME; });
      banner.querySelector("[data-count]").textContent = waiting.length
        ? counted(waiting) + " waiting to send" : "";
      banner.querySelector("[data-waiting-part]").hidden = !(waiting.length || stuck.length);
      banner.querySelector("[data-note]").textContent = waiting.length ? note : "";
      var ul = list("[data-waiting]");
      waiting.forEach(function (e) {
        var tag = null;
        if (e.jackpot && e.jackpot.length) {
          tag = document.createElement("strong");
          tag.className = "jackpot-call";
          tag.textContent = " jackpot: call the supervisor";
        }
        ul.appendChild(item(e.label + " " + e.noun + " · dealt " + clock(e.dealt_at, e.zone) + " · " +
                            e.summary, tag));
      });
      stuck.forEach(function (e) {
        ul.appendChild(item(e.label + " " + e.noun + " · dealt " + clock(e.dealt_at, e.zone) + " · refused: " +
                            words(e.refusal) + (e.unheld ? " It cannot be held for the supervisor (" +
                            e.unheld + "): show him this tablet." : " It is held for the supervisor " +
                            "once the network is back.")));
      });
      var done = list("[data-recorded]");
      recorded.forEach(function (line) { done.appendChild(item(line)); });
      var away = banner.querySelector("[data-others]");
      away.textContent = others.length ? counted(others) + " entered by another dealer on this " +
        "tablet wait for him to log in here." : "";
      showHeld();
      banner.hidden = !(waiting.length || stuck.length || recorded.length || others.length ||
                        heldShown.length);
      document.dispatchEvent(new CustomEvent("queue:shown", {detail: {waiting: waiting.length}}));
    });
  }

  function words(refusal) {
    var found = [];
    (function walk(value) {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") Object.keys(value).forEach(function (k) { walk(value[k]); });
      else if (value) found.push(String(value));
    })(refusal);
    return found.join(" ");
  }

  // The held entries of this dealer, read from the service when it answers.
  function fetchHeld() {
    return fetch(banner.dataset.heldUrl + "?open=1", {credentials: "same-origin", cache: "no-store",
                                                      headers: {"Accept": "application/json"}})
      .then(heard).then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (rows) {
        if (rows) heldShown = rows.results || rows;
        return show();
      }).catch(function () {});
  }
  function showHeld() {
    var ul = list("[data-held]");
    banner.querySelector("[data-held-part]").hidden = !heldShown.length;
    heldShown.forEach(function (held) {
      var actions = document.createElement("span");
      actions.className = "held-actions";
      var fix = document.createElement("a");
      fix.className = "button";
      fix.href = held.correct_url + "#held=" + held.id;
      fix.textContent = "Correct and send";
      var reason = document.createElement("input");
      reason.setAttribute("aria-label", "Why discard the " + held.kind.replace("_", " ") + " at " + held.table_label);
      reason.placeholder = "why discard it";
      reason.maxLength = 300;
      var bin = document.createElement("button");
      bin.type = "button";
      bin.textContent = "Discard";
      bin.addEventListener("click", function () { discard(held, reason); });
      actions.append(" ", fix, " ", reason, " ", bin);
      ul.appendChild(item(held.table_label + " " + held.kind.replace("_", " ") + " · dealt " +
                          clock(held.dealt_at, held.zone) + " · refused: " +
                          words(held.refusal), actions));
    });
  }
  function discard(held, reason) {
    if (!reason.value.trim()) {
      reason.setAttribute("aria-invalid", "true");
      reason.placeholder = "say why: it is kept with it";
      return reason.focus();
    }
    post("/api/v1/held-entries/" + held.id + "/discard/", {reason: reason.value.trim()})
      .then(function () { return fetchHeld(); });
  }

  // Send what waits, then read what is held (not waited for: a round just sent opens its
  // result at once).
  function kick() {
    return sendAll().then(function (made) { fetchHeld(); return made; });
  }
  window.addEventListener("online", kick);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) kick(); });
  setInterval(function () {
    all().then(function (e) { if (e.some(function (x) { return x.user === ME; })) kick(); });
  }, 15000);

  // The forms' door to the queue (static/js/offline/forms.js).
  var seq = 0;
  window.CasinoQueue = {
    // Queue one entry and try to send at once; resolves to the record or {refused}, or
    // null when it waits (no network).
    add: function (entry) {
      entry.user = ME;
      entry.state = "waiting";
      entry.queued_at = new Date().toISOString();
      entry.seq = seq++;
      awaiting[entry.key] = true;
      return put(entry).then(changed).then(kick).then(function (made) {
        delete awaiting[entry.key];
        return made[entry.key] || null;
      }, function (error) { delete awaiting[entry.key]; throw error; });
    },
    show: show, words: words,
    // Now by the service's clock, as near as the tablet knows it (never ahead of it): the
    // time a round is dealt at.
    now: now,
    // The latest entry of this dealer's queue at ``table`` (null: none waits).
    latest: function (table) {
      return all().then(function (entries) {
        var mine = entries.filter(function (e) { return e.user === ME && e.table === table; });
        return mine.length ? mine[mine.length - 1] : null;
      });
    },
  };
  kick();
  show();
})();
