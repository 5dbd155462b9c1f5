// Floor sign: the meter's state pushed as it changes (Server-Sent Events); while the
// stream is down, ask every second until it is back. PENDING while a top award awaits
// approval; "Reconnecting…" while nothing answers.
(function () {
  "use strict";
  var urls = document.body.dataset;
  var amount = document.getElementById("amount");
  var pending = document.getElementById("pending");
  var pendingTable = document.getElementById("pending-table");
  var stale = document.getElementById("stale");
  var polling = 0, rounds = 0, ending = false;  // polling: the round of asking; 0: none
  function show(state) {
    amount.textContent = state.currency + " " + Number(state.amount).toLocaleString("en-US", {minimumFractionDigits: 2, maximumFractionDigits: 2});
    pending.hidden = !state.pending;
    if (state.pending) pendingTable.textContent = state.pending.table;
    stale.hidden = true;
  }
  function poll(round) {
    if (round !== polling) return;  // the stream is back, or another round asks
    fetch(urls.stateUrl, {cache: "no-store"}).then(function (r) { return r.json(); })
      .then(function (state) { if (round === polling) show(state); })
      .catch(function () { if (round === polling) stale.hidden = false; })
      .finally(function () { setTimeout(function () { poll(round); }, 1000); });
  }
  function listen() {
    var source = new EventSource(urls.eventsUrl);
    source.onmessage = function (e) { polling = 0; show(JSON.parse(e.data)); };
    // A server that cannot hold a stream (WSGI) says so: the browser comes back at once.
    source.addEventListener("end", function () { ending = true; });
    source.onerror = function () {
      if (ending) { ending = false; return; }
      stale.hidden = false;
      if (!polling) { polling = ++rounds; poll(polling); }
      // Refused outright (not a dropped stream): the browser will not try again itself.
      if (source.readyState === EventSource.CLOSED) setTimeout(listen, 5000);
    };
  }
  listen();
})();
