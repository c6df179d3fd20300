// Behaviour every page shares (loaded by templates/base.html). The Content-Security-Policy
// allows no inline script, so no onchange="..." in the templates: a <select
// data-autosubmit> sends its form when it changes (a <noscript> button does without).
//
// htmx parts (check-in, clock, results): an answer htmx does not swap in (a refused
// request, a server that is down) says so above the page, in the page's language (the
// body's data-htmx-error), instead of leaving a tap without any answer.
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (field.matches && field.matches("select[data-autosubmit]") && field.form) {
      field.form.submit();
    }
  });

  function complain() {
    var text = document.body.getAttribute("data-htmx-error");
    var main = document.querySelector("main");
    if (!text || !main) {
      return;
    }
    var shown = document.getElementById("htmx-error");
    if (!shown) {
      shown = document.createElement("p");
      shown.id = "htmx-error";
      shown.className = "message error";
      shown.setAttribute("role", "alert");
      main.insertBefore(shown, main.firstChild);
    }
    shown.textContent = text;
  }

  document.addEventListener("htmx:responseError", complain);
  document.addEventListener("htmx:sendError", function (event) {
    // Polling parts (the clock, the results) try again by themselves: only a tap complains.
    var source = event.detail && event.detail.elt;
    if (source && source.tagName === "FORM") {
      complain();
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var shown = document.getElementById("htmx-error");
    if (shown && event.detail && event.detail.successful) {
      shown.remove();
    }
  });
})();
