// A round's results list keeps up by itself (templates/scoring/_round_results.html):
// htmx fetches it every few seconds. Here: no fetch while the tab is hidden (a phone in a
// pocket), one at once when it is shown again, and never a swap of anything but the list
// (a login page after the session ended keeps the list shown instead).
(function () {
  "use strict";
  var LIST = "[data-results-live]";

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (document.hidden && elt && elt.matches && elt.matches(LIST)) {
      event.preventDefault();
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || !target.matches || !target.matches(LIST)) {
      return;
    }
    var html = event.detail.serverResponse || "";
    if (html.indexOf("data-results-live") === -1) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("visibilitychange", function () {
    if (document.hidden || !window.htmx) {
      return;
    }
    var list = document.querySelector(LIST);
    if (list) {
      window.htmx.trigger(list, "troef-shown");
    }
  });
})();
