// Show only the chosen game's options (templates/tournaments/_game_options_fields.html);
// without JavaScript all are shown. The game field's id is the script tag's
// data-game-field: no inline script, as the Content-Security-Policy asks.
(function () {
  "use strict";
  var script = document.currentScript;
  var game = script && document.getElementById(script.getAttribute("data-game-field"));
  if (!game) {
    return;
  }
  function show() {
    document.querySelectorAll("fieldset.game-options").forEach(function (set) {
      set.hidden = set.dataset.game !== game.value;
    });
  }
  game.addEventListener("change", show);
  show();
})();
