// The first start (templates/clubs/first_start.html): setting up a club, or loading the
// demo clubs, takes a while. A form marked data-busy shows its data-busy-note (a
// "please wait" with a progress bar) once sent, and its button cannot be pressed twice.
// No inline script: the Content-Security-Policy allows none.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-busy")) {
      return;
    }
    var note = form.querySelector("[data-busy-note]");
    if (note) {
      note.hidden = false;
    }
    form.querySelectorAll("button[type=submit]").forEach(function (button) {
      // Disabled after this event, so that the press itself is still sent.
      window.setTimeout(function () {
        button.disabled = true;
      }, 0);
    });
  });
})();
