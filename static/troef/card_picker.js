// The card picker of the dispute forms: a button next to a card field opens a grid of
// cards (a row per suit or colour, as the game's deck gives them in the opener's
// data-cards); a tap, or Enter/Space on a focused card, adds the card where the caret was
// in the field. The cards show the page's letters (nl B V H A, de B D K A, en J Q K A) and
// are read out in words ("harten vrouw"); what is written is a spelling every form reads.
// Arrow keys move between the cards, Escape closes. Without JavaScript the buttons stay hidden and the text fields work
// as they are. No inline code: the Content-Security-Policy allows this file only.
(function () {
  "use strict";
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
      // up to eight cards (a suit of 7 to A) stay on one line, even on a phone
      div.style.gridTemplateColumns = "repeat(" + buttons.length + ", minmax(0, 1fr))";
    }
    buttons.forEach(function (button) { div.appendChild(button); });
    return div;
  }

  // The rows of the deck's cards, as the page gives them (the game's deck description,
  // games.cards.Deck.picker): [{"name": "harten", "cards": [{"code": "QH", "label": "V♥",
  // "typed": "V♥", "words": "harten vrouw", "kind": "suit-H"}, ...]}, ...].
  function rowsOf(opener) {
    try {
      var rows = JSON.parse(opener.getAttribute("data-cards") || "[]");
      return Array.isArray(rows) ? rows : [];
    } catch (error) {
      return [];
    }
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
    var mode = opener.getAttribute("data-mode") || "append";
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
    rowsOf(opener).forEach(function (given) {
      panel.appendChild(row((given.cards || []).map(function (card) {
        return cardButton(card, card.kind || "", field, mode, status);
      }), given.name));
    });
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
