// The dealer's forms through the queue (issue 33): a round or hand is read from the form
// as the page's view reads it, checked in the browser (static/js/offline/check.js) and
// queued (static/js/offline/queue.js). Sent at once, it opens its result as before; with
// no network it waits, and the form is ready for the next round at once. A held entry is
// corrected here (#held=ID): the form filled with what was sent, sent again when right.
(function () {
  "use strict";
  var Q = window.CasinoQueue, C = window.CasinoChecks;
  if (!Q || !C) return;
  document.querySelectorAll("form[data-needs-network]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (navigator.onLine) return;
      event.preventDefault();
      say(form, "No network: a time collection is for the period running when it reaches " +
          "the service. Collect it when the network is back.");
    });
  });
  var form = document.querySelector("form[data-queue]");
  if (!form) return;
  var data = form.dataset, submit = form.querySelector("button[type=submit]");
  var terms = data.terms ? JSON.parse(data.terms) : null;
  var paying = data.jackpot ? JSON.parse(data.jackpot) : [];
  var correcting = null;

  function value(name) {
    var field = form.elements[name];
    return field ? String(field.value || "").trim() : "";
  }
  function checked(name) {
    var field = form.querySelector("[name='" + name + "']:checked");
    return field ? field.value : "";
  }

  // tables.stud.views._payload
  function studBody() {
    var isVoid = value("void"), seats = [], numbers = [];
    for (var n = 1; form.elements["seat" + n + "_ante"]; n++) {
      var ante = value("seat" + n + "_ante");
      if (!ante) continue;
      var seat = {seat: n, ante: ante, decision: isVoid ? null : checked("seat" + n + "_decision") || null,
                  progressive: !!form.querySelector("[name=seat" + n + "_progressive]:checked")};
      var cards = value("seat" + n + "_cards");
      if (cards) seat.cards = C.splitCards(cards);
      if (value("seat" + n + "_irregularity")) seat.irregularity = value("seat" + n + "_irregularity");
      seats.push(seat);
      numbers.push(n);
    }
    var body = {seats: seats, dealer_took_fifth_card: !!form.querySelector("[name=dealer_took_fifth_card]:checked")};
    if (value("dealer_cards")) {
      body.dealer_cards = C.splitCards(value("dealer_cards"));
      if (!isVoid && body.dealer_cards.length) body.up_card = value("up_card") || body.dealer_cards[0];
    }
    if (isVoid) body.void = isVoid;
    var problems = C.checkStudRound(body, terms);
    return {body: body, numbers: numbers, lines: problems ? lines(problems, numbers) : [],
            detail: problems, summary: numbers.length ? "seats " + numbers.join(", ") : "no seats"};
  }

  // tables.poker.views.quick_form and full_form
  function pokerBody() {
    if (data.mode === "quick") {
      try {
        var body = C.parseQuickLine(value("line"));
        return {body: body, numbers: [], lines: [], summary: "pot " + body.pot};
      } catch (error) {
        return {lines: [error.message]};
      }
    }
    var seats = [], numbers = [];
    for (var n = 1; form.elements["seat" + n + "_put_in"]; n++) {
      var putIn = value("seat" + n + "_put_in");
      if (!putIn) continue;
      var state = checked("seat" + n + "_state") || "in", seat = {seat: n, put_in: putIn,
        folded: state === "fold", all_in: state === "all_in"};
      if (value("seat" + n + "_cards")) seat.cards = C.splitCards(value("seat" + n + "_cards"));
      seats.push(seat);
      numbers.push(n);
    }
    var full = {seats: seats};
    if (value("board")) full.board = C.splitCards(value("board"));
    if (value("button")) full.button = value("button");
    if (value("players_dealt")) full.players_dealt = value("players_dealt");
    var problems = seats.length < 2 ? ["Enter the chips put in for at least two seats."] : [];
    return {body: full, numbers: numbers, lines: problems, summary: "seats " + numbers.join(", ")};
  }

  // casino.common.problems.problem_lines, with the page's words for its fields.
  var WORDS = {stud_round: {dealer_cards: "Dealer's cards", table: "Table", "void": "Void",
                            seats: "Seats", up_card: "Up card", dealt_at: "Dealt at"},
               poker_hand: {pot: "Pot", flop_dealt: "Flop", players_dealt: "Players dealt in",
                            winner: "Winner", board: "Board", button: "Button", table: "Table",
                            winners: "Winners", non_field_errors: "Hand", dealt_at: "Dealt at"}};
  var SEAT_WORDS = {ante: "ante", cards: "cards", decision: "raise or fold", seat: "seat",
                    progressive: "jackpot", irregularity: "irregularity", put_in: "chips put in",
                    all_in: "all in", collected: "collected", folded: "folded"};
  function lines(detail, numbers) {
    var found = [], words = WORDS[data.queue];
    (function walk(value, where) {
      if (Array.isArray(value) && value.every(function (v) { return typeof v === "string"; })) {
        value.forEach(function (message) { found.push([where, message]); });
      } else if (value && typeof value === "object") {
        Object.keys(value).forEach(function (key) { walk(value[key], where.concat([key])); });
      } else if (value) found.push([where, String(value)]);
    })(detail, []);
    return found.map(function (pair) {
      var where = pair[0], message = pair[1];
      if (where[0] === "seats" && where.length >= 2 && /^\d+$/.test(where[1]) && numbers.length) {
        var seat = numbers[parseInt(where[1], 10)], field = where[2] ? SEAT_WORDS[where[2]] || where[2].replace(/_/g, " ") : "";
        if (message.indexOf("Seat " + seat + " ") === 0) return message;
        message = message.replace(new RegExp("^Seat " + seat + ": "), "");
        return "Seat " + seat + (field ? ", " + field : "") + ": " + message;
      }
      if ((where[0] === "non_field_errors" || where[0] === "__all__") && !(where[0] in words)) return message;
      return (words[where[0]] || String(where[0]).replace(/_/g, " ")) + ": " + message;
    });
  }

  function say(where, text, role) {
    var box = document.getElementById("queue-says") || document.createElement("section");
    box.id = "queue-says";
    box.setAttribute("role", role || "status");
    box.className = "card " + (role === "alert" ? "errors" : "queued");
    box.textContent = "";
    [].concat(text).forEach(function (line, index) {
      var p = document.createElement(index === 0 ? "h2" : "p");
      p.textContent = line;
      box.appendChild(p);
    });
    if (!box.parentNode) where.parentNode.insertBefore(box, where);
    return box;
  }

  // A refusal as the page's own view shows it: the summary, each problem next to its
  // field (marked invalid), the first of them focused.
  function refusedLines(problems, detail, numbers) {
    // The previous hand's line is not this one's: a refusal shows alone (issue 44).
    document.querySelectorAll("[data-last-result]").forEach(function (el) { el.remove(); });
    var box = say(form, data.refusedHeading || "Nothing was recorded. Fix these and submit again:", "alert");
    box.removeAttribute("role");
    box.setAttribute("role", "alert");
    box.setAttribute("aria-label", "Problems");
    var ul = document.createElement("ul");
    problems.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      ul.appendChild(li);
    });
    box.appendChild(ul);
    clearMarks();
    if (detail) markFields(detail, numbers || []);
    var first = form.querySelector("[aria-invalid=true]") ||
      form.querySelector("input:not([type=hidden])");
    if (first) first.focus();
  }
  function clearMarks() {
    form.querySelectorAll("[data-queue-error]").forEach(function (el) { el.remove(); });
    form.querySelectorAll("[aria-invalid=true]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    });
  }
  var FIELD_NAMES = {ante: "Ante", cards: "Cards", decision: "Raise or fold", progressive: "Jackpot",
                     irregularity: "Irregularity", put_in: "Chips put in", seat: "Seat"};
  function markFields(detail, numbers) {
    Object.keys(detail).forEach(function (field) {
      if (field === "seats" && !Array.isArray(detail.seats)) {
        Object.keys(detail.seats).forEach(function (index) {
          var n = numbers[parseInt(index, 10)], row = form.querySelector("tr[data-seat='" + n + "']");
          if (!row) return;
          var cell = document.createElement("tr");
          cell.className = "row-errors";
          cell.setAttribute("data-queue-error", "");
          cell.appendChild(document.createElement("td"));
          var td = document.createElement("td");
          td.colSpan = 5;
          cell.appendChild(td);
          Object.keys(detail.seats[index]).forEach(function (name) {
            var id = "seat" + n + "_" + name + "-error";
            var messages = [].concat(detail.seats[index][name]).map(function (message) {
              return message.indexOf("Seat " + n + ": ") === 0 ? message.slice(("Seat " + n + ": ").length) : message;
            });
            td.appendChild(error(id, (FIELD_NAMES[name] || name) + ": " + messages.join(" ")));
            mark(form.querySelector("[name=seat" + n + "_" + (name === "decision" ? "decision" : name) + "]"), id);
          });
          row.classList.add("has-error");
          row.parentNode.insertBefore(cell, row.nextSibling);
        });
        return;
      }
      var input = form.elements[field];
      if (!input || !input.parentNode) return;
      var id = field + "-error", box = error(id, [].concat(detail[field]).join(" "));
      box.setAttribute("data-queue-error", "");
      input.parentNode.insertBefore(box, input.nextSibling);
      mark(input, id);
    });
  }
  function error(id, text) {
    var div = document.createElement("div");
    div.className = "error";
    div.id = id;
    div.setAttribute("data-queue-error", "");
    div.textContent = text;
    return div;
  }
  function mark(input, id) {
    if (!input) return;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
  }

  function ready() {
    form.querySelectorAll("input.cards, #dealer_cards, #up_card, input[name=line], input[name=board]")
      .forEach(function (box) { box.value = ""; });
    form.querySelectorAll("input[type=radio]").forEach(function (radio) { radio.checked = false; });
    form.querySelectorAll("select[name$=_irregularity], select#void").forEach(function (s) { s.value = ""; });
    var fifth = form.querySelector("[name=dealer_took_fifth_card]");
    if (fifth) fifth.checked = false;
    if (data.mode === "full") form.querySelectorAll("input.ante").forEach(function (box) { box.value = ""; });
    form.classList.remove("is-void");
    form.dispatchEvent(new Event("input"));  // the card picker gives every card back
    var first = form.querySelector("#dealer_cards, input[name=line], input[name=board], input.ante");
    if (first) first.focus();
  }

  function key() {
    return window.crypto && crypto.randomUUID ? crypto.randomUUID()
      : String(Date.now()) + Math.random().toString(16).slice(2);
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var built = data.queue === "stud_round" ? studBody() : pokerBody();
    if (built.lines.length) return refusedLines(built.lines, built.detail, built.numbers);
    var jackpot = data.queue === "stud_round" ? C.jackpotHands(built.body, paying) : [];
    var dealt = correcting ? correcting.body.dealt_at : Q.now().toISOString();
    built.body.dealt_at = dealt;
    var entry = {key: correcting ? "send-" + correcting.idempotency_key : key(),
                 kind: data.queue, table: parseInt(data.table, 10), label: data.label,
                 noun: data.queue === "stud_round" ? "round" : "hand", zone: data.zone,
                 url: correcting ? "/api/v1/held-entries/" + correcting.id + "/send/" : data.api,
                 body: correcting ? {body: built.body} : built.body, held: correcting ? correcting.id : null,
                 dealt_at: dealt, summary: built.summary, jackpot: jackpot};
    submit.disabled = true;
    Q.add(entry).then(function (result) {
      submit.disabled = false;
      if (result && result.refused) {
        return refusedLines(lines(result.refused, built.numbers), result.refused, built.numbers);
      }
      if (result && result.id) {
        window.location.assign(data.result.replace("ID", String(result.id)));
        return;
      }
      var words = [(data.queue === "stud_round" ? "Round" : "Hand") + " kept on this tablet: " +
                   "it is sent when the network is back. Ready for the next one."];
      jackpot.forEach(function (hit) {
        words.push("Jackpot: call the supervisor. Seat " + hit[0] + " has a " + hit[1].replace(/_/g, " ") + ".");
      });
      say(form, words, jackpot.length ? "alert" : "status");
      correcting = null;
      ready();
    }).catch(function () { submit.disabled = false; });
  });

  // A page the tablet kept shows the antes of the last round the service knew of; a round
  // still in the queue is later: each seat's ante and jackpot carry over from it, as the
  // page's view carries them from the last round recorded.
  var antes = Array.prototype.slice.call(form.querySelectorAll("input.ante"));
  if (data.queue === "stud_round") {
    Q.latest(parseInt(data.table, 10)).then(function (last) {
      if (!last || correcting || /^#held=/.test(window.location.hash)) return;
      antes.forEach(function (box) { box.value = ""; });
      form.querySelectorAll("[name$=_progressive]").forEach(function (box) { box.checked = false; });
      (last.body.seats || []).forEach(function (seat) {
        put("seat" + seat.seat + "_ante", seat.ante);
        var jackpot = form.querySelector("[name=seat" + seat.seat + "_progressive]:not([disabled])");
        if (jackpot) jackpot.checked = !!seat.progressive;
      });
    });
  }

  // Correcting a held entry (#held=ID, from the banner: the same page, or another): the
  // form filled with what was sent.
  function correctFromHash() {
    var asked = /^#held=(\d+)$/.exec(window.location.hash);
    if (!asked) return;
    fetch("/api/v1/held-entries/" + asked[1] + "/", {credentials: "same-origin",
                                                     headers: {"Accept": "application/json"}})
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (held) {
        if (!held || held.resolution) return;
        correcting = held;
        clearMarks();
        fill(held.body);
        say(form, ["Correcting the " + held.kind.replace("_", " ") + " dealt " +
                   held.dealt_at.slice(11, 16) + ": fix it and send it again.",
                   "Refused: " + Q.words(held.refusal)], "status");
        var first = form.querySelector("#dealer_cards, input[name=line], input[name=board]");
        if (first) first.focus();
      });
  }
  window.addEventListener("hashchange", correctFromHash);
  correctFromHash();
  function put(name, text) { if (form.elements[name]) form.elements[name].value = text || ""; }
  function tick(selector) { var box = form.querySelector(selector); if (box) box.checked = true; }
  function fill(body) {
    if (data.queue === "stud_round") {
      put("dealer_cards", (body.dealer_cards || []).join(" "));
      put("up_card", body.up_card);
      put("void", body.void);
      form.querySelectorAll("input.ante").forEach(function (box) { box.value = ""; });
      (body.seats || []).forEach(function (seat) {
        var n = seat.seat;
        put("seat" + n + "_ante", seat.ante);
        put("seat" + n + "_cards", (seat.cards || []).join(" "));
        put("seat" + n + "_irregularity", seat.irregularity);
        if (seat.decision) tick("[name=seat" + n + "_decision][value=" + seat.decision + "]");
        var jackpot = form.querySelector("[name=seat" + n + "_progressive]");
        if (jackpot) jackpot.checked = !!seat.progressive;
      });
      if (body.dealer_took_fifth_card) tick("[name=dealer_took_fifth_card]");
    } else if (data.mode === "quick") {
      put("line", [body.pot].concat(body.flop_dealt === false ? ["nf"] : [],
                                    body.winner ? ["w" + body.winner] : [], body.split ? ["split"] : [],
                                    body.players_dealt ? [body.players_dealt + "p"] : []).join(" "));
    } else {
      put("board", (body.board || []).join(" "));
      put("button", body.button);
      put("players_dealt", body.players_dealt);
      (body.seats || []).forEach(function (seat) {
        put("seat" + seat.seat + "_put_in", seat.put_in);
        put("seat" + seat.seat + "_cards", (seat.cards || []).join(" "));
        tick("[name=seat" + seat.seat + "_state][value=" + (seat.folded ? "fold" : seat.all_in ? "all_in" : "in") + "]");
      });
    }
  }
})();
