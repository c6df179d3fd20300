// The card picker of the dispute forms: a button next to a card field opens a grid of
// cards (suits x ranks, or MEINO colours x values); a tap, or Enter/Space on a focused card,
// adds the card's code where the caret was in the field. The cards show the page's letters
// (nl B V H A, de B D K A, en J Q K A) and are read out in words ("harten vrouw"); the
// code written stays canonical ("QH"), which every form reads. Arrow keys move between the
// cards, Escape closes. Without JavaScript the buttons stay hidden and the text fields work
// as they are. No inline code: the Content-Security-Policy allows this file only.
(function () {
  "use strict";
  // games.cards.picker_labels(language) for nl, de and en (a test keeps them equal); a
  // page may pass its own as JSON in the opener's data-labels.
  var LABELS = {
    "nl": {
      "ranks": {
        "A": "A",
        "K": "H",
        "Q": "V",
        "J": "B"
      },
      "words": {
        "A": "aas",
        "K": "heer",
        "Q": "vrouw",
        "J": "boer"
      },
      "suits": {
        "S": "schoppen",
        "H": "harten",
        "D": "ruiten",
        "C": "klaveren"
      },
      "joker": "joker",
      "pattern": "{suit} {rank}",
      "colours": {
        "R": "rood",
        "B": "blauw",
        "Y": "geel",
        "G": "groen"
      },
      "values": {
        "skip": "overslaan",
        "rev": "omkeren",
        "+2": "+2",
        "W": "kleurkeuze",
        "W+2": "kleurkeuze +2",
        "W+4": "kleurkeuze +4",
        "JOKER": "joker"
      },
      "short": {
        "skip": "⊘",
        "rev": "⇄",
        "W": "kleur",
        "W+2": "kleur +2",
        "W+4": "kleur +4",
        "JOKER": "joker"
      }
    },
    "de": {
      "ranks": {
        "A": "A",
        "K": "K",
        "Q": "D",
        "J": "B"
      },
      "words": {
        "A": "Ass",
        "K": "König",
        "Q": "Dame",
        "J": "Bube"
      },
      "suits": {
        "S": "Pik",
        "H": "Herz",
        "D": "Karo",
        "C": "Kreuz"
      },
      "joker": "Joker",
      "pattern": "{suit} {rank}",
      "colours": {
        "R": "rot",
        "B": "blau",
        "Y": "gelb",
        "G": "grün"
      },
      "values": {
        "skip": "Aussetzen",
        "rev": "Richtungswechsel",
        "+2": "+2",
        "W": "Farbwahl",
        "W+2": "Farbwahl +2",
        "W+4": "Farbwahl +4",
        "JOKER": "Joker"
      },
      "short": {
        "skip": "⊘",
        "rev": "⇄",
        "W": "Farbe",
        "W+2": "Farbe +2",
        "W+4": "Farbe +4",
        "JOKER": "Joker"
      }
    },
    "en": {
      "ranks": {
        "A": "A",
        "K": "K",
        "Q": "Q",
        "J": "J"
      },
      "words": {
        "A": "ace",
        "K": "king",
        "Q": "queen",
        "J": "jack"
      },
      "suits": {
        "S": "spades",
        "H": "hearts",
        "D": "diamonds",
        "C": "clubs"
      },
      "joker": "joker",
      "pattern": "{rank} of {suit}",
      "colours": {
        "R": "red",
        "B": "blue",
        "Y": "yellow",
        "G": "green"
      },
      "values": {
        "skip": "skip",
        "rev": "reverse",
        "+2": "+2",
        "W": "wild",
        "W+2": "wild +2",
        "W+4": "wild +4",
        "JOKER": "joker"
      },
      "short": {}
    }
  };
  var SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
  var COLOURS = ["R", "B", "Y", "G"];
  var WISH = ["W", "W+2", "W+4", "JOKER"];
  var carets = {};

  function labelsFor(opener) {
    var given = opener.getAttribute("data-labels");
    if (given) {
      try { return JSON.parse(given); } catch (error) { /* the built-in table below */ }
    }
    var lang = (opener.getAttribute("data-lang") || document.documentElement.lang || "en");
    return LABELS[lang.toLowerCase().split("-")[0]] || LABELS.en;
  }

  function remember(field) {
    field.addEventListener("blur", function () {
      carets[field.id] = [field.selectionStart, field.selectionEnd];
    });
  }

  function insert(field, code, mode) {
    if (mode === "replace") {
      field.value = code;
      return;
    }
    var value = field.value;
    var at = carets[field.id] || [value.length, value.length];
    var before = value.slice(0, at[0]);
    var after = value.slice(at[1]);
    var gap = before && !/[\s,:;]$/.test(before) ? " " : "";
    var text = gap + code + (after && !/^[\s,;]/.test(after) ? " " : "");
    field.value = before + text + after;
    var caret = before.length + text.length;
    carets[field.id] = [caret, caret];
  }

  function cardButton(card, className, field, mode, status) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "card-pick " + className;
    button.textContent = card.label;
    button.setAttribute("aria-label", card.words);
    button.title = card.words;
    button.setAttribute("data-code", card.code);
    button.addEventListener("click", function () {
      insert(field, card.typed || card.code, mode);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      status.textContent = "+ " + card.words;
    });
    return button;
  }

  function row(buttons, name) {
    var div = document.createElement("div");
    div.className = "card-pick-row";
    div.setAttribute("role", "group");
    if (name) { div.setAttribute("aria-label", name); }
    if (buttons.length > 1 && buttons.length <= 8) {
      // up to eight cards (Miezemauzen's 7 to A) stay on one line, even on a phone
      div.style.gridTemplateColumns = "repeat(" + buttons.length + ", minmax(0, 1fr))";
    }
    buttons.forEach(function (button) { div.appendChild(button); });
    return div;
  }

  function frenchCard(rank, suit, labels) {
    var label = (labels.ranks[rank] || rank) + suit[1];
    return {
      code: rank + suit[0],
      label: label,
      // What the field gets: the card as the page's language writes it ("V♥", "D♥",
      // "Q♥"), which the engines read in any language (games/cards.py).
      typed: label,
      // "harten vrouw", "Herz Dame", "queen of hearts"
      words: labels.pattern.replace("{suit}", labels.suits[suit[0]])
        .replace("{rank}", labels.words[rank] || rank)
    };
  }

  function meinoCard(colour, value, labels) {
    var name = labels.values[value] || value;
    return {
      code: colour + value,
      label: labels.short[value] || value,
      words: colour ? labels.colours[colour] + " " + name : name
    };
  }

  // Arrow keys: along a row, or to the same place in the row above or below.
  var STEPS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

  function move(panel, from, step) {
    var rows = Array.prototype.slice.call(panel.querySelectorAll(".card-pick-row"));
    var r = rows.indexOf(from.parentNode) + step[0];
    var c = Array.prototype.indexOf.call(from.parentNode.children, from) + step[1];
    if (r < 0 || r >= rows.length) { return null; }
    var cards = rows[r].children;
    if (c < 0 || (step[1] && c >= cards.length)) { return null; }
    return cards[Math.min(c, cards.length - 1)];
  }

  function build(opener, field) {
    var deck = opener.getAttribute("data-deck");
    var mode = opener.getAttribute("data-mode") || "append";
    var ranks = (opener.getAttribute("data-ranks") || "").split(" ").filter(Boolean);
    var labels = labelsFor(opener);
    var panel = document.createElement("div");
    panel.className = "card-picker";
    panel.id = field.id + "-picker";
    panel.setAttribute("role", "region");
    panel.setAttribute("aria-label", opener.getAttribute("data-title") || "");
    panel.hidden = true;
    var title = document.createElement("p");
    title.className = "card-picker-title";
    title.textContent = opener.getAttribute("data-title") || "";
    panel.appendChild(title);
    var status = document.createElement("p");
    status.className = "card-picker-status";
    status.setAttribute("aria-live", "polite");
    if (deck === "meino") {
      if (!ranks.length) { ranks = "1 2 3 4 5 6 7 8 9 skip rev +2".split(" "); }
      COLOURS.forEach(function (colour) {
        panel.appendChild(row(ranks.map(function (value) {
          return cardButton(meinoCard(colour, value, labels), "meino meino-" + colour, field,
            mode, status);
        }), labels.colours[colour]));
      });
      panel.appendChild(row(WISH.map(function (value) {
        return cardButton(meinoCard("", value, labels), "meino meino-wish", field, mode, status);
      })));
    } else {
      if (!ranks.length) { ranks = "A K Q J 10 9 8 7 6 5 4 3 2".split(" "); }
      SUITS.forEach(function (suit) {
        panel.appendChild(row(ranks.map(function (rank) {
          return cardButton(frenchCard(rank, suit, labels), "suit-" + suit[0], field, mode,
            status);
        }), labels.suits[suit[0]]));
      });
      var joker = { code: "JK", label: "🃏 " + labels.joker, words: labels.joker };
      panel.appendChild(row([cardButton(joker, "joker", field, mode, status)]));
    }
    panel.appendChild(status);
    var close = document.createElement("button");
    close.type = "button";
    close.className = "secondary card-picker-close";
    close.textContent = opener.getAttribute("data-close") || "×";
    close.addEventListener("click", function () { toggle(opener, panel, false); });
    panel.appendChild(close);
    panel.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        event.preventDefault();
        toggle(opener, panel, false);
      } else if (STEPS[event.key] && event.target.classList.contains("card-pick")) {
        var next = move(panel, event.target, STEPS[event.key]);
        if (next) { next.focus(); }
        event.preventDefault();
      }
    });
    opener.setAttribute("aria-controls", panel.id);
    opener.parentNode.insertAdjacentElement("afterend", panel);
    return panel;
  }

  function toggle(opener, panel, open) {
    panel.hidden = !open;
    opener.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      var first = panel.querySelector(".card-pick");
      if (first) { first.focus(); }
    } else {
      opener.focus();
    }
  }

  function setUp(opener) {
    var field = document.getElementById(opener.getAttribute("data-picker-for"));
    if (!field) { return; }
    remember(field);
    var panel = null;
    opener.hidden = false;
    opener.addEventListener("click", function () {
      panel = panel || build(opener, field);
      toggle(opener, panel, panel.hidden);
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-picker-for]"), setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
