// A new tournament's "players per table" follows the game chosen: each game's own
// number (the game's spec in the registry, written by the server into the script tag's
// data-defaults). A number the director typed stays. So do the match points and the
// teams (data-set-ups): a value the director changed from the previous game's own stays.
// No inline script, for the CSP.
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
  var setUps = {};
  try {
    defaults = JSON.parse(script.getAttribute("data-defaults") || "{}");
    setUps = JSON.parse(script.getAttribute("data-set-ups") || "{}");
  } catch (error) {
    return;
  }
  var others = {
    scheme: document.getElementById(script.getAttribute("data-scheme-field") || ""),
    teams: document.getElementById(script.getAttribute("data-teams-field") || "")
  };
  function setUpOf(name, key, fallback) {
    var found = Object.prototype.hasOwnProperty.call(setUps, name) ? setUps[name] : null;
    return found && found[key] ? String(found[key]) : fallback;
  }
  function follow(key, fallback) {
    // Still the previous game's own value (or the form's first): the new game's.
    var field = others[key];
    if (field && field.value === setUpOf(previous, key, fallback)) {
      field.value = setUpOf(game.value, key, fallback);
    }
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
    follow("scheme", "rank");
    follow("teams", "none");
    previous = game.value;
  });
})();
