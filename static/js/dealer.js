// Tap-to-enter cards: a tapped card goes into the cards box the dealer was last in.
(function () {
  "use strict";
  var form = document.querySelector("form[data-card-form]");
  if (!form) return;
  var target = form.querySelector("input.cards");
  form.addEventListener("focusin", function (event) {
    if (event.target.classList.contains("cards")) target = event.target;
  });
  document.querySelectorAll("button.pick").forEach(function (button) {
    button.addEventListener("click", function () {
      var value = target.value.trim();
      target.value = (value ? value + " " : "") + button.dataset.card;
      target.focus();
    });
  });
  // A fresh key per form load: a double tap on the submit button records it once.
  var key = form.querySelector("input[name=idempotency_key]");
  if (key && !key.value) {
    key.value = (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
      : String(Date.now()) + Math.random().toString(16).slice(2);
  }
})();
