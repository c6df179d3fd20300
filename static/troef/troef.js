// Behaviour every page shares (loaded by templates/base.html). The Content-Security-Policy
// allows no inline script, so no onchange="..." in the templates: a <select
// data-autosubmit> sends its form when it changes (a <noscript> button does without).
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (field.matches && field.matches("select[data-autosubmit]") && field.form) {
      field.form.submit();
    }
  });
})();
