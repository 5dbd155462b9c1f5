// The jackpot approval form asks before it pays: a dialog says what will happen, and
// only "Yes, approve and pay" ticks the form's confirmation box (the server refuses an
// approval without it) and sends the form. Without this script the box is ticked by hand.
(function () {
  "use strict";
  var form = document.getElementById("approval-form");
  var dialog = document.getElementById("approval-confirm");
  if (!form) return;

  // After a refusal, the first field it names takes the focus.
  var invalid = form.querySelector("[aria-invalid=true]");
  if (invalid) invalid.focus();

  if (!dialog || typeof dialog.showModal !== "function") return;
  var box = form.querySelector("input[name=confirmed]");
  box.checked = false;
  form.querySelector(".confirm-box").hidden = true;

  form.addEventListener("submit", function (event) {
    if (box.checked) return;
    event.preventDefault();
    dialog.showModal();
  });
  dialog.querySelector("[data-confirm]").addEventListener("click", function () {
    box.checked = true;
    dialog.close();
    form.requestSubmit();
  });
  dialog.querySelector("[data-cancel]").addEventListener("click", function () {
    dialog.close();
  });
})();
