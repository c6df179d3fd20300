// A new tournament's "players per table" follows the game chosen: each game's own
// number (the game's spec in the registry, written by the server into the script tag's
// data-defaults). A number the director typed stays. No inline script, for the CSP.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) {
    return;
  }
  var game = document.getElementById(script.getAttribute("data-game-field"));
  var size = document.getElementById(script.getAttribute("data-size-field"));
  if (!game || !size) {
    return;
  }
  var defaults = {};
  try {
    defaults = JSON.parse(script.getAttribute("data-defaults") || "{}");
  } catch (error) {
    return;
  }
  function defaultOf(name) {
    return Object.prototype.hasOwnProperty.call(defaults, name) ? String(defaults[name]) : "";
  }
  var previous = game.value;
  game.addEventListener("change", function () {
    // Empty, or still the previous game's number: the new game's. Typed: kept.
    if (size.value === "" || size.value === defaultOf(previous)) {
      size.value = defaultOf(game.value);
    }
    previous = game.value;
  });
})();
