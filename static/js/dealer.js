// The dealer's card entry: typed (As Kd 7c, or AsKd7c) or tapped on the card picker.
// A tap goes into the highlighted cards box without focusing it, so the page never
// jumps and no on-screen keyboard opens; a box that has its cards passes the picker on
// to the next seat still playing. On the stud form (data-advance) typing moves on too:
// five cards typed go to the next seat's raise/fold, and r or f there chooses.
// The first round of a day carries no antes, so no seat can be told empty by its ante:
// typing goes to each seat's ante in turn, where j puts the seat on the jackpot, r or f
// chooses (an empty ante taking the seat before's) and Enter passes an empty seat by.
(function () {
  "use strict";
  var form = document.querySelector("form[data-card-form]");
  if (!form) return;
  var CARD = /(10|[2-9tjqka])[shdc\u2660\u2665\u2666\u2663]/gi;
  var advanceWhileTyping = form.hasAttribute("data-advance");
  var boxes = Array.prototype.slice.call(form.querySelectorAll("input.cards"));
  var label = document.querySelector("[data-picker-target]");
  var submit = form.querySelector("button[type=submit]");
  var target = null;
  var antes = Array.prototype.slice.call(form.querySelectorAll("input.ante"));
  var firstRound = advanceWhileTyping && antes.length > 0 &&
    antes.every(function (ante) { return ante.value.trim() === ""; });

  function countOf(box) { return (box.value.match(CARD) || []).length; }
  function fullAt(box) { return parseInt(box.dataset.full || "5", 10); }
  function isFull(box) { return countOf(box) >= fullAt(box); }
  function rowOf(el) { return el.closest("tr"); }
  function decisionOf(row) {
    var checked = row && row.querySelector("input[type=radio]:checked");
    return checked ? checked.value : "";
  }
  // A seat needs its cards unless it is empty or folded; a fold that plays the
  // jackpot still shows its cards (the side wager is settled on them).
  function isPlaying(row) {
    if (!row) return true;  // the dealer's cards, the board
    var ante = row.querySelector("input.ante");
    var jackpot = row.querySelector("td.jackpot input:checked");
    return (!ante || ante.value.trim() !== "") && (decisionOf(row) !== "fold" || !!jackpot);
  }
  function wantsCards(box) { return isPlaying(rowOf(box)) && !isFull(box); }
  function nextBox(after) {
    var start = after ? boxes.indexOf(after) + 1 : 0;
    for (var i = start; i < boxes.length; i++) if (wantsCards(boxes[i])) return boxes[i];
    return null;
  }
  // A box's name as the dealer reads it: its aria-label (a seat's cards) or its label.
  function nameOf(box) {
    var named = box.getAttribute("aria-label") || (box.labels && box.labels[0] &&
                                                   box.labels[0].textContent.trim());
    return named || "the cards box";
  }
  function setTarget(box) {
    if (target) target.classList.remove("target");
    target = box;
    if (box) box.classList.add("target");
    if (label) label.textContent = box ? nameOf(box) : "nothing: every playing seat has its cards";
  }

  // Keyboard: the next seat still playing, at its raise/fold (or its cards).
  function focusNextSeat(row) {
    var rows = Array.prototype.slice.call(form.querySelectorAll("tbody tr"));
    for (var i = row ? rows.indexOf(row) + 1 : 0; i < rows.length; i++) {
      var ante = rows[i].querySelector("input.ante");
      if (firstRound && ante && ante.value.trim() === "") return ante.focus();
      if (!isPlaying(rows[i])) continue;
      var radio = rows[i].querySelector("input[type=radio]");
      var box = rows[i].querySelector("input.cards");
      if (radio && !decisionOf(rows[i]) && !form.classList.contains("is-void")) return radio.focus();
      if (box && !isFull(box)) return box.focus();
    }
    if (submit) submit.focus();
  }

  form.addEventListener("focusin", function (event) {
    if (event.target.classList.contains("cards")) setTarget(event.target);
  });
  form.addEventListener("input", function (event) {
    var box = event.target;
    if (!advanceWhileTyping || !box.classList.contains("cards")) return;
    var typed = box.value.replace(/[\s,]+$/, "");
    if (countOf(box) === fullAt(box) && typed === box.value && /[shdc\u2660-\u2667]$/i.test(typed)) {
      focusNextSeat(rowOf(box));
    }
  });
  // An ante box: j, r, f and Enter as above (any round); digits stay typing.
  function anteKey(event, el) {
    var row = rowOf(el);
    if (event.key === "Enter") {  // never the form's submit from an ante
      event.preventDefault();
      var radio = row.querySelector("input[type=radio]");
      return el.value.trim() === "" || !radio ? focusNextSeat(row) : radio.focus();
    }
    if (event.key.toLowerCase() === "j") {
      var jackpot = row.querySelector("td.jackpot input:not([disabled])");
      event.preventDefault();
      if (jackpot) jackpot.click();
      return;
    }
    var choice = {r: "raise", f: "fold"}[event.key.toLowerCase()];
    if (!choice) return;
    if (el.value.trim() === "") el.value = anteBefore(row);
    if (el.value.trim() === "") return event.preventDefault();  // seat 1 types its ante
    decide(event, row, choice);
  }
  function anteBefore(row) {
    var rows = Array.prototype.slice.call(form.querySelectorAll("tbody tr"));
    for (var i = rows.indexOf(row) - 1; i >= 0; i--) {
      var ante = rows[i].querySelector("input.ante");
      if (ante && ante.value.trim() !== "") return ante.value.trim();
    }
    return "";
  }
  function decide(event, row, choice) {
    event.preventDefault();
    var radio = row.querySelector("input[type=radio][value=" + choice + "]");
    radio.checked = true;
    radio.dispatchEvent(new Event("change", {bubbles: true}));
    var box = row.querySelector("input.cards");
    if (isPlaying(row) && box && !isFull(box)) box.focus();
    else focusNextSeat(row);
  }
  form.addEventListener("keydown", function (event) {
    var el = event.target;
    if (!advanceWhileTyping || event.ctrlKey || event.altKey || event.metaKey) return;
    if (el.classList.contains("ante")) return anteKey(event, el);
    if (el.type !== "radio") return;
    var choice = {r: "raise", f: "fold"}[event.key.toLowerCase()];
    if (choice) decide(event, rowOf(el), choice);
  });
  form.addEventListener("change", function (event) {
    var el = event.target;
    if (el.id === "void") form.classList.toggle("is-void", el.value !== "");
    if (el.type !== "radio") return;
    var box = rowOf(el).querySelector("input.cards");
    if (target === box && !wantsCards(box)) setTarget(nextBox(box));
    else if (el.value !== "fold" && box && !isFull(box) && document.activeElement !== box &&
             (!target || isFull(target) || !isPlaying(rowOf(target)))) setTarget(box);
  });

  // Tapping a seat's number sends the picker there without opening the keyboard.
  form.addEventListener("click", function (event) {
    var cell = event.target.closest("tbody th");
    var box = cell && rowOf(cell).querySelector("input.cards");
    if (box) setTarget(box);
  });

  // A card is dealt once a round (issue 44, point 11): the picker greys out every card
  // already in one of the form's boxes, typed or tapped, and gives it back when removed.
  var picks = Array.prototype.slice.call(document.querySelectorAll("button.pick"));
  var SUITS = {"\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c"};
  function asPicked(card) {  // "10h" -> "Th", "a\u2660" -> "As": the picker's own names
    var rank = card.slice(0, -1), suit = card.slice(-1);
    return (rank === "10" ? "T" : rank.toUpperCase()) + (SUITS[suit] || suit.toLowerCase());
  }
  function markUsed() {
    var used = {};
    boxes.forEach(function (box) {
      (box.value.match(CARD) || []).forEach(function (card) { used[asPicked(card)] = true; });
    });
    picks.forEach(function (button) {
      var taken = used[button.dataset.card] === true;
      button.disabled = taken;
      button.classList.toggle("used", taken);
    });
  }
  form.addEventListener("input", markUsed);
  form.addEventListener("focusin", markUsed);  // a held round filled in to be corrected
  picks.forEach(function (button) {
    button.addEventListener("click", function () {
      if (!target || button.disabled) return;
      var value = target.value.trim();
      target.value = (value ? value + " " : "") + button.dataset.card;
      if (isFull(target)) setTarget(nextBox(target) || target);
      markUsed();
    });
  });
  var back = document.querySelector("[data-pick-back]");
  if (back) back.addEventListener("click", function () {
    if (!target) return;
    var cards = target.value.match(CARD) || [];
    cards.pop();
    target.value = cards.join(" ");
    markUsed();
  });
  markUsed();

  var invalid = form.querySelector("[aria-invalid=true]");
  setTarget(invalid && invalid.classList.contains("cards") ? invalid : nextBox(null) || boxes[0] || null);
  if (invalid) invalid.focus();

  // A fresh key per form load: a double tap on the submit button records it once.
  var key = form.querySelector("input[name=idempotency_key]");
  if (key && !key.value) {
    key.value = (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
      : String(Date.now()) + Math.random().toString(16).slice(2);
  }
})();
