// The round clock counts down in the browser (templates/tournaments/_clock.html, on the
// round page and the venue screen). The server writes the seconds left when it made the
// clock (data-remaining) and whether it runs (data-running); from the moment this script
// first sees a clock it counts down from there on this device's own clock, so a wrong
// time on the device does not matter. New clocks (swapped in by htmx or the venue
// screen's refresh) are picked up at the next tick. Without JavaScript the clock shows the
// time left when the page was made.
(function () {
  "use strict";
  if (window.troefClock) {
    return; // loaded twice (the venue screen adds it by itself)
  }
  window.troefClock = true;
  var seen = typeof WeakMap === "function" ? new WeakMap() : null;

  function format(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = seconds % 60;
    var tail = (rest < 10 ? "0" : "") + rest;
    if (hours) {
      return hours + ":" + (minutes < 10 ? "0" : "") + minutes + ":" + tail;
    }
    return minutes + ":" + tail;
  }

  function update(box, now) {
    var start = seen.get(box);
    if (start === undefined) {
      start = now;
      seen.set(box, start);
    }
    var remaining = parseInt(box.getAttribute("data-remaining"), 10) || 0;
    var left = Math.max(0, Math.ceil(remaining - (now - start) / 1000));
    var warnAt = parseInt(box.getAttribute("data-warn-seconds"), 10) || 300;
    var time = box.querySelector(".clock-time");
    var note = box.querySelector(".clock-note");
    if (left === 0) {
      time.textContent = box.getAttribute("data-time-text");
      if (!box.classList.contains("clock-over")) {
        box.classList.remove("clock-warn");
        box.classList.add("clock-over");
        note.textContent = box.getAttribute("data-over-text");
      }
      // At time nothing is left to pause (the server leaves the button out then too).
      var clock = box.closest(".round-clock");
      var pause = clock && clock.querySelector(".clock-pause");
      if (pause) {
        pause.remove();
      }
      return;
    }
    time.textContent = format(left);
    if (left <= warnAt && !box.classList.contains("clock-warn")) {
      box.classList.add("clock-warn");
      note.textContent = box.getAttribute("data-warn-text");
    }
  }

  function tick() {
    var now = Date.now();
    var boxes = document.querySelectorAll("[data-clock][data-running]");
    for (var i = 0; i < boxes.length; i += 1) {
      update(boxes[i], now);
    }
  }

  if (seen) {
    tick();
    window.setInterval(tick, 500);
  }
})();
