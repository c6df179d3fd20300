// The other side's cell fills in as the player types (games.results.Field.complement: the
// two sides' values of a row add up to the game's number). A cell with
// data-complement names its pair (data-pair, scoring/forms.py); typing a whole number in
// it fills the pair with the complement minus that number, as long as the pair is empty
// or was filled this way (never over what somebody typed there). The server fills the
// same when the pair is left empty, so nothing depends on this script.
(function () {
  "use strict";

  function whole(text) {
    return /^\s*-?\d+\s*$/.test(text) ? parseInt(text, 10) : null;
  }

  function fits(cell, value) {
    var min = whole(cell.getAttribute("min") || "");
    var max = whole(cell.getAttribute("max") || "");
    return (min === null || value >= min) && (max === null || value <= max);
  }

  document.addEventListener("input", function (event) {
    var cell = event.target;
    if (!cell || !cell.dataset || cell.dataset.complement === undefined || !cell.form) {
      return;
    }
    delete cell.dataset.filled; // typed by hand: never overwritten
    var pair = cell.form.elements.namedItem(cell.dataset.pair);
    if (!pair || (pair.value !== "" && pair.dataset.filled !== "1")) {
      return;
    }
    var value = whole(cell.value);
    if (value === null || !fits(cell, value)) {
      if (pair.dataset.filled === "1") {
        pair.value = "";
        delete pair.dataset.filled;
      }
      return;
    }
    pair.value = String(parseInt(cell.dataset.complement, 10) - value);
    pair.dataset.filled = "1";
  });
})();
