// The card picker of the dispute forms: a button next to a card field opens a grid of
// cards (suits x ranks, or MEINO colours x values); a tap adds the card's code where the
// caret was in the field. Without JavaScript the buttons stay hidden and the text fields
// work as they are. No inline code: the Content-Security-Policy allows this file only.
(function () {
  "use strict";
  var SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
  var COLOURS = [["R", "R"], ["B", "B"], ["Y", "Y"], ["G", "G"]];
  var WISH = ["W", "W+2", "W+4", "JOKER"];
  var carets = {};

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

  function cardButton(code, label, className, field, mode) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "card-pick " + className;
    button.textContent = label;
    button.setAttribute("aria-label", code);
    button.setAttribute("data-code", code);
    button.addEventListener("click", function () {
      insert(field, code, mode);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    return button;
  }

  function row(cards) {
    var div = document.createElement("div");
    div.className = "card-pick-row";
    if (cards.length > 1 && cards.length <= 8) {
      // up to eight cards (Miezemauzen's 7 to A) stay on one line, even on a phone
      div.style.gridTemplateColumns = "repeat(" + cards.length + ", minmax(0, 1fr))";
    }
    cards.forEach(function (card) { div.appendChild(card); });
    return div;
  }

  function build(opener, field) {
    var deck = opener.getAttribute("data-deck");
    var mode = opener.getAttribute("data-mode") || "append";
    var ranks = (opener.getAttribute("data-ranks") || "").split(" ").filter(Boolean);
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
    if (deck === "meino") {
      if (!ranks.length) { ranks = "1 2 3 4 5 6 7 8 9 skip rev +2".split(" "); }
      COLOURS.forEach(function (colour) {
        panel.appendChild(row(ranks.map(function (value) {
          return cardButton(colour[0] + value, value, "meino meino-" + colour[0], field, mode);
        })));
      });
      panel.appendChild(row(WISH.map(function (code) {
        return cardButton(code, code, "meino meino-wish", field, mode);
      })));
    } else {
      if (!ranks.length) { ranks = "A K Q J 10 9 8 7 6 5 4 3 2".split(" "); }
      SUITS.forEach(function (suit) {
        panel.appendChild(row(ranks.map(function (rank) {
          return cardButton(rank + suit[0], rank + suit[1], "suit-" + suit[0], field, mode);
        })));
      });
      panel.appendChild(row([cardButton("JK", "🃏 JK", "joker", field, mode)]));
    }
    var close = document.createElement("button");
    close.type = "button";
    close.className = "secondary card-picker-close";
    close.textContent = opener.getAttribute("data-close") || "×";
    close.addEventListener("click", function () { toggle(opener, panel, false); });
    panel.appendChild(close);
    panel.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { toggle(opener, panel, false); }
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
