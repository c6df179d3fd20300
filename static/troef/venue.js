// The venue screen refreshes itself: every data-refresh seconds it fetches the live part
// (data-live-url) and swaps it in. Without JavaScript the page's <noscript> meta refresh
// reloads the whole page instead. A failed fetch keeps what is shown and marks it stale.
//
// The round clock sits above the live part (#venue-clock, its address in data-clock-url;
// added here, beside the live part's address, when the page has none): fetched with the
// live part and counted down in between by static/troef/clock.js, which the clock's answer
// names (data-clock-script) and this script loads once, with its style.
(function () {
  "use strict";
  var main = document.querySelector("main[data-live-url]");
  if (!main || !window.fetch) {
    return;
  }
  var url = main.getAttribute("data-live-url");
  var seconds = parseInt(main.getAttribute("data-refresh"), 10) || 15;
  var clock = document.getElementById("venue-clock");
  if (!clock) {
    clock = document.createElement("div");
    clock.id = "venue-clock";
    clock.className = "venue-clock";
    clock.setAttribute("data-clock-url", url.replace(/live\/?$/, "clock/"));
    main.parentNode.insertBefore(clock, main);
  }
  var clockUrl = clock.getAttribute("data-clock-url");

  function get(address) {
    return fetch(address, { credentials: "same-origin", cache: "no-store", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        // A redirect is the login page (the director's session ended): keep what is
        // shown, marked stale, rather than swapping the login form into the screen.
        if (!response.ok || response.redirected) {
          throw new Error(response.status);
        }
        return response.text();
      });
  }

  // The clock's script and style, once: by their address in the clock's answer.
  function loadClockFiles() {
    var part = clock.querySelector("[data-clock-script]");
    if (!part) {
      return;
    }
    var style = part.getAttribute("data-clock-style");
    if (style && !document.querySelector('link[href="' + style + '"]')) {
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = style;
      document.head.appendChild(link);
    }
    var source = part.getAttribute("data-clock-script");
    if (source && !document.querySelector('script[src="' + source + '"]')) {
      var script = document.createElement("script");
      script.src = source;
      script.defer = true;
      document.head.appendChild(script);
    }
  }

  function refreshClock() {
    return get(clockUrl)
      .then(function (html) {
        clock.innerHTML = html;
        loadClockFiles();
      })
      .catch(function () {
        // Kept as it is: it counts down on its own, and the live part marks the screen stale.
      });
  }

  function refresh() {
    refreshClock();
    get(url)
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

  if (!clock.querySelector("[data-clock-script]")) {
    refreshClock(); // not shown with the page: at once, not after the first wait
  } else {
    loadClockFiles();
  }
  window.setTimeout(refresh, seconds * 1000);
})();
