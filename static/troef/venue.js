// The venue screen refreshes itself: every data-refresh seconds it fetches the live part
// (data-live-url) and swaps it in. Without JavaScript the page's <noscript> meta refresh
// reloads the whole page instead. A failed fetch keeps what is shown and marks it stale.
//
// The round clock sits above the live part (#venue-clock, its address in data-clock-url;
// added here, beside the live part's address, when the page has none): fetched with the
// live part and counted down in between by static/troef/clock.js, which the clock's answer
// names (data-clock-script) and this script loads once, with its style.
//
// On a projector the screen is the window and nothing scrolls (static/troef/venue.css,
// body.paged): each section of the live part ([data-pages]) shows as many of its lines
// ([data-page-item]) as its box (.venue-pages) holds, measured here, and the next ones
// every data-page-seconds seconds, "2/3" in its .venue-pager. The pages are measured
// again when the live part or the clock is swapped in and when the window changes size;
// the page turning goes on through a refresh. On a phone (the boxes scroll with the page,
// not overflow: hidden) every line is shown.
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
  var pageSeconds = parseFloat(main.getAttribute("data-page-seconds")) || 10;
  var turns = 0; // pages turned since the screen was opened: each section shows turns % pages
  var measured = { width: -1, height: -1 };

  // A section's lines fitted to its box, in pages: the index of each page's first line.
  // A line goes on the current page while the page, from its first line's top to this
  // line's bottom, fits the room the box leaves beside what it holds around the lines (a
  // table's head row). A table's columns keep the widths they have with every line shown,
  // so that a page's lines wrap as they were measured.
  function measure(section) {
    var box = section.querySelector(".venue-pages");
    var items = section.querySelectorAll("[data-page-item]");
    var table = box && box.querySelector("table");
    var heads = table ? table.querySelectorAll("thead th") : [];
    var i;
    for (i = 0; i < items.length; i += 1) {
      items[i].classList.remove("venue-off");
    }
    if (table) {
      table.style.tableLayout = "";
      for (i = 0; i < heads.length; i += 1) {
        heads[i].style.width = "";
      }
    }
    if (!box || !items.length || window.getComputedStyle(box).overflowY !== "hidden") {
      return [0];
    }
    if (table) {
      var widths = [];
      for (i = 0; i < heads.length; i += 1) {
        widths.push(heads[i].getBoundingClientRect().width);
      }
      for (i = 0; i < heads.length; i += 1) {
        heads[i].style.width = widths[i] + "px";
      }
      table.style.tableLayout = "fixed";
    }
    box.scrollTop = 0;
    var top = box.getBoundingClientRect().top;
    var rects = [];
    for (i = 0; i < items.length; i += 1) {
      rects.push(items[i].getBoundingClientRect());
    }
    var before = rects[0].top - top;
    var after = box.scrollHeight - (rects[rects.length - 1].bottom - top);
    var room = box.clientHeight - before - Math.max(0, after);
    var starts = [0];
    var start = rects[0].top;
    for (i = 1; i < rects.length; i += 1) {
      if (rects[i].bottom - start > room + 0.5) {
        starts.push(i);
        start = rects[i].top;
      }
    }
    return starts;
  }

  // The section's page for the turn: its lines shown, the others hidden.
  function show(section) {
    var starts = section.venueStarts || [0];
    var items = section.querySelectorAll("[data-page-item]");
    var page = turns % starts.length;
    var first = starts[page];
    var end = page + 1 < starts.length ? starts[page + 1] : items.length;
    for (var i = 0; i < items.length; i += 1) {
      items[i].classList.toggle("venue-off", i < first || i >= end);
    }
    var pager = section.querySelector(".venue-pager");
    if (pager) {
      pager.textContent = starts.length > 1 ? page + 1 + "/" + starts.length : "";
    }
    section.setAttribute("data-page", String(page + 1));
    section.setAttribute("data-pages", String(starts.length));
  }

  function sections() {
    return main.querySelectorAll("[data-pages]");
  }

  function layOut() {
    var all = sections();
    var i;
    for (i = 0; i < all.length; i += 1) {
      all[i].venueStarts = measure(all[i]);
    }
    for (i = 0; i < all.length; i += 1) {
      show(all[i]);
    }
    measured = { width: main.clientWidth, height: main.clientHeight };
  }

  function turn() {
    turns += 1;
    var all = sections();
    for (var i = 0; i < all.length; i += 1) {
      show(all[i]);
    }
    window.setTimeout(turn, pageSeconds * 1000);
  }

  // The live part's box changes size with the window and with the clock's band (large
  // before the round and in its last minutes).
  function resized() {
    if (main.clientWidth !== measured.width || main.clientHeight !== measured.height) {
      layOut();
    }
  }

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
        resized();
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
        layOut();
        document.body.classList.remove("stale");
      })
      .catch(function () {
        document.body.classList.add("stale");
      })
      .then(function () {
        window.setTimeout(refresh, seconds * 1000);
      });
  }

  document.body.classList.add("paged");
  layOut();
  if (window.ResizeObserver) {
    new window.ResizeObserver(resized).observe(main);
  } else {
    window.addEventListener("resize", resized);
  }
  window.setTimeout(turn, pageSeconds * 1000);

  if (!clock.querySelector("[data-clock-script]")) {
    refreshClock(); // not shown with the page: at once, not after the first wait
  } else {
    loadClockFiles();
  }
  window.setTimeout(refresh, seconds * 1000);
})();
