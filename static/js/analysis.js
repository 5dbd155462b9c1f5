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
    var finished = function () {
      waiting -= 1;
      if (waiting === 0) { load(url); }
    };
    bars.forEach(function (bar) {
      var status = bar.parentNode.querySelector(".par-status");
      var polls = 0;
      function poll() {
        polls += 1;
        fetch(bar.dataset.state, { credentials: "same-origin" }).then(function (r) {
          return r.json();
        }).then(function (state) {
          bar.value = state.progress;
          status.textContent = state.status_text + (state.message ? ": " + state.message : "");
          if (state.status === "done" || state.status === "failed") {
            finished();  // a failure is said on the row; the other figures still show
          } else if (polls < 600) {
            setTimeout(poll, 700);
          } else {
            status.textContent += " (still not ready: reload the page to look again)";
          }
        }).catch(function () {
          status.textContent = "The worker's progress could not be read; reload the page.";
        });
      }
      poll();
    });
  }

  load(holder.dataset.src);
})();
