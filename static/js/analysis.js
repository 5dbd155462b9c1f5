// Game math on the paytable and progressive pages: load the panel, follow a worker's
// progress, recompute at another ante or meter without leaving the page.
(function () {
  "use strict";
  var holder = document.getElementById("par-panel");
  if (!holder) { return; }

  function load(url) {
    fetch(url, { credentials: "same-origin" }).then(function (response) {
      return response.text();
    }).then(function (html) {
      holder.innerHTML = html;
      holder.dataset.loaded = "1";
      wire(url);
    }).catch(function () {
      holder.textContent = "The game math could not be loaded. Reload the page to try again.";
    });
  }

  function wire(url) {
    var form = holder.querySelector("form.par-query");
    if (form) {
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        load(form.action + "?" + new URLSearchParams(new FormData(form)).toString());
      });
    }
    var bars = holder.querySelectorAll("progress[data-state]");
    if (bars.length) { follow(bars, url); }
  }

  function follow(bars, url) {
    var waiting = bars.length;
    bars.forEach(function (bar) {
      var status = bar.parentNode.querySelector(".par-status");
      function poll() {
        fetch(bar.dataset.state, { credentials: "same-origin" }).then(function (r) {
          return r.json();
        }).then(function (state) {
          bar.value = state.progress;
          status.textContent = state.status_text + (state.message ? ": " + state.message : "");
          if (state.status === "done") {
            waiting -= 1;
            if (waiting === 0) { load(url); }
          } else if (state.status !== "failed") {
            setTimeout(poll, 700);
          }
        });
      }
      poll();
    });
  }

  load(holder.dataset.src);
})();
