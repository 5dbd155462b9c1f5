// Floor sign: poll the meter every second; show PENDING while a top award awaits approval.
(function () {
  "use strict";
  var url = document.body.dataset.stateUrl;
  var amount = document.getElementById("amount");
  var pending = document.getElementById("pending");
  var pendingTable = document.getElementById("pending-table");
  var stale = document.getElementById("stale");
  function show(state) {
    amount.textContent = state.currency + " " + Number(state.amount).toLocaleString("en-US", {minimumFractionDigits: 2, maximumFractionDigits: 2});
    pending.hidden = !state.pending;
    if (state.pending) pendingTable.textContent = state.pending.table;
    stale.hidden = true;
  }
  function poll() {
    fetch(url, {cache: "no-store"}).then(function (r) { return r.json(); })
      .then(show).catch(function () { stale.hidden = false; })
      .finally(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
