// The venue screen refreshes itself: every data-refresh seconds it fetches the live part
// (data-live-url) and swaps it in. Without JavaScript the page's <noscript> meta refresh
// reloads the whole page instead. A failed fetch keeps what is shown and marks it stale.
(function () {
  "use strict";
  var main = document.querySelector("main[data-live-url]");
  if (!main || !window.fetch) {
    return;
  }
  var url = main.getAttribute("data-live-url");
  var seconds = parseInt(main.getAttribute("data-refresh"), 10) || 15;

  function refresh() {
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        // A redirect is the login page (the director's session ended): keep what is
        // shown, marked stale, rather than swapping the login form into the screen.
        if (!response.ok || response.redirected) {
          throw new Error(response.status);
        }
        return response.text();
      })
      .then(function (html) {
        main.innerHTML = html;
        document.body.classList.remove("stale");
      })
      .catch(function () {
        document.body.classList.add("stale");
      })
      .then(function () {
        window.setTimeout(refresh, seconds * 1000);
      });
  }

  window.setTimeout(refresh, seconds * 1000);
})();
