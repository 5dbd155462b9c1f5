// The service's checks of a round or hand, in the browser (issue 33): what a dealer's
// tablet can tell without the network, in the service's own words, so a round typed
// offline is refused at once where the service would refuse it, and queued otherwise.
// Each function mirrors the Python it names; tests/offline/cases.json runs the same cases
// against both (tests/offline/test_shared_cases.py), so they cannot drift apart.
(function (root) {
  "use strict";
  var RANKS = "23456789TJQKA", SUITS = "shdc";
  var SUIT_ALIASES = {"s": 0, "h": 1, "d": 2, "c": 3, "\u2660": 0, "\u2665": 1, "\u2666": 2,
                      "\u2663": 3, "\u2664": 0, "\u2661": 1, "\u2662": 2, "\u2667": 3};
  var JOKER_NAMES = ["xx", "jk", "joker", "\ud83c\udccf"];
  var SUIT_CLASS = "[shdc\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667]";
  var ONE_CARD = new RegExp("^(?:10|[2-9tjqka])" + SUIT_CLASS, "i");
  var RUN_OF_CARDS = new RegExp("^(?:(?:10|[2-9tjqka])" + SUIT_CLASS + ")+$", "i");
  var EVERY_CARD = new RegExp("(?:10|[2-9tjqka])" + SUIT_CLASS, "gi");
  var CATEGORIES = ["high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
                    "full_house", "four_of_a_kind", "straight_flush", "royal_flush"];

  function length(text) { return Array.from(text).length; }

  function rankOf(text) {
    var upper = text.toUpperCase();
    if (upper === "10") return 8;
    return upper.length === 1 && RANKS.indexOf(upper) >= 0 ? RANKS.indexOf(upper) : null;
  }

  // tables.rules.cards._where_it_breaks
  function whereItBreaks(token) {
    var read = [], rest = token, card;
    while ((card = ONE_CARD.exec(rest)) && card[0].length < rest.length) {
      read.push(card[0]);
      rest = rest.slice(card[0].length);
    }
    return read.length ? " (after " + read.join(" ") + " comes '" + rest + "')" : "";
  }

  // tables.rules.cards.parse_card (no jokers): a card number, or throws the service's words.
  function parseCard(text) {
    var token = text.trim(), lowered = token.toLowerCase();
    if (JOKER_NAMES.indexOf(lowered) >= 0) {
      throw new Error("'" + token + "' is a joker, and this game is played without one.");
    }
    var points = Array.from(lowered);
    var rank = rankOf(points.slice(0, -1).join(""));
    var suit = SUIT_ALIASES[points.slice(-1).join("")];
    if (rank === null || suit === undefined) {
      throw new Error("'" + token + "' is not a card" + whereItBreaks(token) + ": write a rank " +
                      "(2-9, T or 10, J, Q, K, A) and a suit (s, h, d, c), e.g. 'As' or '10h'.");
    }
    return rank * 4 + suit;
  }

  // tables.rules.cards.split_cards
  function splitCards(text) {
    var cards = [];
    text.replace(/,/g, " ").split(/\s+/).filter(Boolean).forEach(function (token) {
      if (length(token) > 3 && RUN_OF_CARDS.test(token)) cards = cards.concat(token.match(EVERY_CARD));
      else cards.push(token);
    });
    return cards;
  }

  function cardStr(card) { return RANKS[card >> 2] + SUITS[card & 3]; }

  // tables.floor.recording.parse_cards_at: the cards, or null with the first bad one's words.
  function parseCardsAt(cards, path, problems) {
    if (cards === undefined || cards === null) return null;
    try {
      return cards.map(parseCard);
    } catch (error) {
      problems.push([path, error.message]);
      return null;
    }
  }

  // --- Amounts: casino.common.amounts.MoneyField with casino.common.api.worded -------
  var PLAIN = /^-?[0-9]+(\.[0-9]+)?$/;  // tables.rules.money.PLAIN_DECIMAL

  // An amount as MoneyField (DRF's DecimalField(14, 2) after the plain check) takes it:
  // [the text it prints as (quantized to two places), or null and the refusal in words].
  function money(value, noun, extra) {
    extra = extra || {};
    var article = "aeiou".indexOf(noun[0]) >= 0 ? "an" : "a";
    var text = typeof value === "string" ? value.trim() : null;
    if (text === null || !PLAIN.test(text)) {
      return [null, "'" + value + "' is not " + article + " " + noun + ": write it like 10 or 12.50."];
    }
    var negative = text[0] === "-", parts = text.replace(/^-/, "").split(".");
    var fraction = parts[1] || "";
    // Python's Decimal: its digits without leading zeros, its exponent the fraction's length.
    var digits = (parts[0] + fraction).replace(/^0+/, "").length || 1, places = fraction.length;
    var total = digits > places ? digits : places, whole = digits > places ? digits - places : 0;
    if (total > 14) return [null, "The " + noun + " is too large."];
    if (places > 2) return [null, "The " + noun + " has at most 2 decimal places."];
    if (whole > 12) return [null, "The " + noun + " is too large."];
    var printed = (negative ? "-" : "") + (parts[0].replace(/^0+(?=\d)/, "")) + "." +
      (fraction + "00").slice(0, 2);
    if (negative && cents(printed) === 0) printed = printed.slice(1);
    if (extra.min !== undefined && cents(printed) < cents(extra.min)) return [null, extra.minWords];
    return [printed, null];
  }
  function cents(text) {
    var negative = text[0] === "-", parts = text.replace(/^-/, "").split(".");
    var value = parseInt(parts[0], 10) * 100 + parseInt(((parts[1] || "") + "00").slice(0, 2), 10);
    return negative ? -value : value;
  }

  // --- A stud round: tables.stud.serializers, tables.stud.services, tables.rules.stud --
  // ``terms``: {label, seats, min_ante, max_ante ("5.00"), places (the currency's), progressive}.
  function checkStudRound(body, terms) {
    return studShape(body) || studService(body, terms);
  }

  // What StudRoundInput refuses (the API's shape: a seat's problems by its index).
  function studShape(body) {
    var errors = {}, seatErrors = {}, anySeat = false;
    (body.seats || []).forEach(function (seat, index) {
      var found = {};
      var ante = money(seat.ante, "ante", {min: "0.01", minWords: "The ante must be more than 0."});
      if (ante[1]) found.ante = [ante[1]];
      var cards = cardListProblem(seat.cards);
      if (cards) found.cards = cards;
      if (Object.keys(found).length) { anySeat = true; seatErrors[index] = found; }
    });
    if (anySeat) errors.seats = seatErrors;
    var dealer = cardListProblem(body.dealer_cards);
    if (dealer) errors.dealer_cards = dealer;
    if (!(body.seats || []).length) errors.seats = ["Record at least one seat (a seat with an ante)."];
    if (Object.keys(errors).length) return errors;
    if (!body.void && !(body.dealer_cards && body.dealer_cards.length)) {
      return {"dealer_cards": ["Record the dealer's five cards (or void the round)."]};
    }
    return null;
  }
  function cardListProblem(cards) {
    if (!cards) return null;
    if (cards.length > 10) return ["A hand has at most 10 cards."];
    var long = {};
    cards.forEach(function (card, index) {
      if (length(card) > 15) long[index] = ["A card is two or three characters, like As or 10h: " +
                                            "five cards typed together are at most 15."];
    });
    return Object.keys(long).length ? long : null;
  }

  function studService(body, terms) {
    var problems = [], plays = [];
    body.seats.forEach(function (seat, index) {
      var ante = money(seat.ante, "ante")[0];
      if (!exact(ante, terms.places) || cents(ante) < cents(terms.min_ante) ||
          cents(ante) > cents(terms.max_ante)) {
        problems.push([["seats", index, "ante"], "Seat " + seat.seat + ": an ante of " + ante +
                       " is outside this table's limits (" + terms.min_ante + " to " +
                       terms.max_ante + ")."]);
      }
      if (seat.progressive && !terms.progressive) {
        problems.push([["seats", index, "progressive"], "Seat " + seat.seat + ": table " +
                       terms.label + " has no progressive jackpot linked."]);
      }
      plays.push({seat: seat.seat, decision: seat.decision || null, progressive: !!seat.progressive,
                  irregularity: seat.irregularity || null,
                  cards: parseCardsAt(seat.cards, ["seats", index, "cards"], problems)});
    });
    var dealer = parseCardsAt(body.dealer_cards, ["dealer_cards"], problems);
    upCardProblem(body.up_card, dealer, body.void, problems);
    var found = {};
    problems.forEach(function (p) { found[JSON.stringify(p[0])] = true; });
    settlementProblems(dealer, plays, body.void, terms.seats).forEach(function (p) {
      if (!found[JSON.stringify(p[0])]) problems.push(p);
    });
    return problems.length ? nested(problems) : null;
  }
  function exact(printed, places) {
    return places >= 2 || /\.(\d*)$/.exec(printed)[1].replace(/0+$/, "").length <= places;
  }

  // tables.stud.services._up_card
  function upCardProblem(upCard, dealer, isVoid, problems) {
    if (!upCard) return;
    if (isVoid) return problems.push([["up_card"], "A void round has no up card."]);
    if (dealer === null) return;
    var parsed = parseCardsAt([upCard], ["up_card"], problems);
    if (parsed === null) return;
    if (dealer.indexOf(parsed[0]) < 0) {
      problems.push([["up_card"], "'" + upCard + "' is not one of the dealer's cards (" +
                     dealer.map(cardStr).join(" ") + ")."]);
    }
  }

  // tables.rules.stud._validate: each seat's first problem, the dealer's count, duplicates.
  function settlementProblems(dealer, plays, isVoid, maxSeat) {
    var problems = [], seen = {};
    plays.forEach(function (play, index) {
      var problem = seatProblem(play, isVoid, maxSeat, seen);
      seen[play.seat] = true;
      if (problem) problems.push([["seats", index, problem[0]], problem[1]]);
    });
    if (!isVoid && (dealer === null || dealer.length !== 5)) {
      problems.push([["dealer_cards"], "The dealer's hand has " + (dealer ? dealer.length : 0) +
                     " cards; it must have five (a dealer dealt four takes a fifth card; any " +
                     "other misdeal voids the round)."]);
    }
    return problems.concat(duplicateProblems(dealer, plays));
  }
  function seatProblem(play, isVoid, maxSeat, seen) {
    var n = play.seat;
    if (n < 1 || n > maxSeat) return ["seat", "Seat " + n + " does not exist: seats are 1-" + maxSeat + "."];
    if (seen[n]) return ["seat", "Seat " + n + " is recorded twice: one hand per seat."];
    if (isVoid) return null;
    if (!play.decision) return ["decision", "Seat " + n + ": choose raise or fold."];
    var needsCards = play.decision === "raise" || play.progressive;
    if (play.cards === null) {
      if (needsCards && !play.irregularity) {
        return ["cards", "Seat " + n + " " + (play.decision === "raise" ? "raised" : "plays the jackpot") +
                ": record its five cards."];
      }
    } else if (play.cards.length !== 5 && !play.irregularity) {
      return ["cards", "Seat " + n + " has " + play.cards.length + " cards (" +
              play.cards.map(cardStr).join(" ") + "); a hand is five cards. If it was misdealt, " +
              "mark the seat's irregularity 'misdeal'."];
    }
    return null;
  }

  // tables.rules.stud._duplicate_problems
  function duplicateProblems(dealer, plays) {
    var places = {}, order = [], counts = {};
    function note(card, path, name) {
      if (!places[card]) { places[card] = []; }
      places[card].push([path, name]);
      if (counts[card] === undefined) { counts[card] = 0; order.push(card); }
      counts[card] += 1;
    }
    (dealer || []).forEach(function (card) { note(card, ["dealer_cards"], "the dealer's cards"); });
    plays.forEach(function (play, index) {
      (play.cards || []).forEach(function (card) {
        note(card, ["seats", index, "cards"], "seat " + play.seat + "'s cards");
      });
    });
    var groups = [], byPlaces = {};
    order.filter(function (card) { return counts[card] > 1; }).forEach(function (card) {
      var key = JSON.stringify(places[card]);
      if (!byPlaces[key]) { byPlaces[key] = []; groups.push([places[card], byPlaces[key]]); }
      byPlaces[key].push(card);
    });
    var problems = [];
    groups.forEach(function (group) {
      var where = group[0], cards = group[1], names = unique(where.map(function (w) { return w[1]; }));
      var named = names.length > 1 ? names.join(" and ") : names[0] + ", twice";
      var message = cards.map(cardStr).join(", ") + " " + (cards.length === 1 ? "appears" : "appear") +
        " more than once: in " + named + "; a deck has one of each card.";
      unique(where.slice(1).map(function (w) { return JSON.stringify(w[0]); })).forEach(function (path) {
        problems.push([JSON.parse(path), message]);
      });
    });
    return problems;
  }
  function unique(items) {
    return items.filter(function (item, index) { return items.indexOf(item) === index; });
  }

  // casino.common.errors.nested_errors, after the service's sort by path.
  function nested(problems) {
    var sorted = problems.map(function (p, i) { return [pythonPath(p[0]), i, p]; })
      .sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]; });
    var detail = {};
    sorted.forEach(function (item) {
      var path = item[2][0], node = detail;
      path.slice(0, -1).forEach(function (key) { node = node[key] = node[key] || {}; });
      var last = path[path.length - 1];
      (node[last] = node[last] || []).push(item[2][1]);
    });
    return detail;
  }
  function pythonPath(path) {  // str() of the Python tuple, the sort's key
    var parts = path.map(function (p) { return typeof p === "number" ? String(p) : "'" + p + "'"; });
    return "(" + parts.join(", ") + (parts.length === 1 ? ",)" : ")");
  }

  // --- A poker hand's quick line: tables.poker.forms.parse_quick_line ------------------
  var QUICK_TOKEN = /^(?:(nf|noflop|no-flop)|(f|flop)|w(\d+)|(\d+)p|(split))$/i;
  var PLAIN_AMOUNT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

  function parseQuickLine(line) {
    var words = line.replace(/,/g, " ").split(/\s+/).filter(Boolean);
    if (!words.length) throw new Error("Type the pot first, e.g. 85.");
    if (!PLAIN_AMOUNT.test(words[0])) {
      throw new Error("'" + words[0] + "' is not a pot: start with the amount, e.g. 85.");
    }
    var body = {pot: words[0], flop_dealt: true}, said = {}, winners = [];
    words.slice(1).forEach(function (word) {
      var match = QUICK_TOKEN.exec(word);
      if (!match) {
        throw new Error("'" + word + "' is not understood: the pot comes first, then w3 (the " +
                        "winning seat) or split, nf (no flop), 6p (players dealt in).");
      }
      var kind = match[1] || match[2] ? "flop" : match[3] || match[5] ? "w" : "p";
      if (said[kind] && !(match[3] && winners.length && winners.length < 10)) {
        throw new Error("'" + word + "' says again what the line already said: give the " +
                        "winner (or split), the players and the flop once each.");
      }
      said[kind] = true;
      if (match[1]) body.flop_dealt = false;
      else if (match[3]) winners.push(parseInt(match[3], 10));
      else if (match[5]) body.split = true;
      else if (match[4]) body.players_dealt = parseInt(match[4], 10);
    });
    if (unique(winners).length === 1) body.winner = winners[0];
    else if (winners.length) body.split = true;
    return body;
  }

  // --- A five-card hand's category (tables.rules.hands), for the jackpot notice --------
  function category(cards) {
    if (!cards || cards.length !== 5) return null;
    var ranks = cards.map(function (c) { return c >> 2; }).sort(function (a, b) { return b - a; });
    var flush = cards.every(function (c) { return (c & 3) === (cards[0] & 3); });
    var counts = {};
    ranks.forEach(function (r) { counts[r] = (counts[r] || 0) + 1; });
    var shape = Object.keys(counts).map(function (r) { return counts[r]; }).sort().reverse().join("");
    var distinct = Object.keys(counts).length === 5;
    var wheel = ranks.join(",") === "12,3,2,1,0";
    var straight = distinct && (ranks[0] - ranks[4] === 4 || wheel);
    if (straight && flush) return ranks[0] === 12 && ranks[4] === 8 ? "royal_flush" : "straight_flush";
    if (shape === "41") return "four_of_a_kind";
    if (shape === "32") return "full_house";
    if (flush) return "flush";
    if (straight) return "straight";
    if (shape === "311") return "three_of_a_kind";
    if (shape === "221") return "two_pair";
    if (shape === "2111") return "one_pair";
    return "high_card";
  }

  // The seats of a stud round that played the jackpot with a hand it pays: [[seat, category]].
  function jackpotHands(body, paying) {
    if (body.void) return [];
    var found = [];
    (body.seats || []).forEach(function (seat) {
      if (!seat.progressive || !seat.cards || seat.irregularity) return;
      var cards;
      try { cards = seat.cards.map(parseCard); } catch (error) { return; }
      var named = category(cards);
      if (named && paying.indexOf(named) >= 0) found.push([seat.seat, named]);
    });
    return found;
  }

  var api = {parseCard: parseCard, splitCards: splitCards, cardStr: cardStr,
             checkStudRound: checkStudRound, parseQuickLine: parseQuickLine, category: category,
             jackpotHands: jackpotHands, money: money, CATEGORIES: CATEGORIES};
  root.CasinoChecks = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof window !== "undefined" ? window : globalThis);
