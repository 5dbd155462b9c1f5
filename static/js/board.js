// The live floor board on /pit/: each casino's section sent again whenever it changes
// (Server-Sent Events). Only the rows that differ are swapped, so a supervisor's place on
// the page stays put; "Reconnecting…" while the stream is down (the browser opens it
// again by itself, and the board is read afresh then).
(function () {
  "use strict";
  var root = document.getElementById("floor-board");
  if (!root) return;
  var stale = document.getElementById("board-stale");
  var ending = false;

  function rows(element) {
    var found = {};
    element.querySelectorAll("[data-row]").forEach(function (row) { found[row.dataset.row] = row; });
    return found;
  }

  function place(state) {
    var section = root.querySelector('[data-board="' + state.casino + '"]');
    var holder = document.createElement("template");
    holder.innerHTML = state.html.trim();
    var fresh = holder.content.firstElementChild;
    if (!section || !fresh) return;
    var before = rows(section), after = rows(fresh);
    var same = Object.keys(before).join() === Object.keys(after).join();
    if (!same) { section.replaceWith(fresh); return; }
    Object.keys(after).forEach(function (key) {
      if (before[key].outerHTML !== after[key].outerHTML) before[key].replaceWith(after[key]);
    });
  }

  function listen() {
    var source = new EventSource(root.dataset.eventsUrl);
    source.onmessage = function (e) { stale.hidden = true; place(JSON.parse(e.data)); };
    // A server that cannot hold a stream (WSGI) says so: the browser comes back at once.
    source.addEventListener("end", function () { ending = true; });
    source.onerror = function () {
      if (ending) { ending = false; return; }
      stale.hidden = false;
      // Refused outright (not a dropped stream): the browser will not try again itself.
      if (source.readyState === EventSource.CLOSED) setTimeout(listen, 5000);
    };
  }
  listen();
})();
