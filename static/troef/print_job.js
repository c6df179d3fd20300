// The print job page follows its job: every second it asks the status endpoint
// (data-status-url) and moves the progress bar; when the job is done or failed it
// reloads the page, which then shows the download button or the message. Without
// JavaScript the page's <noscript> meta refresh reloads it instead.
(function () {
  "use strict";
  var box = document.getElementById("print-job");
  if (!box || !window.fetch) {
    return;
  }
  var status = box.getAttribute("data-status");
  if (status !== "queued" && status !== "running") {
    return;
  }
  var url = box.getAttribute("data-status-url");
  var bar = box.querySelector("[data-role=bar]");
  var text = box.querySelector("[data-role=text]");
  var label = box.querySelector("[data-role=label]");

  function show(state) {
    if (state.status !== "queued" && state.status !== "running") {
      window.location.reload();
      return false;
    }
    if (bar && state.total > 0) {
      bar.max = state.total;
      bar.value = state.done;
    }
    if (text && state.total > 0) {
      text.textContent = state.text;
    }
    if (label && state.label) {
      label.textContent = state.label.charAt(0).toUpperCase() + state.label.slice(1);
    }
    document.body.classList.remove("stale");
    return true;
  }

  function poll() {
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) {
        // The job is gone (its round was taken back): the reloaded page says so.
        if (response.status === 404) {
          window.location.reload();
          throw new Error("gone");
        }
        // A redirect is the login page (the session ended): keep what is shown.
        if (!response.ok || response.redirected) {
          throw new Error(response.status);
        }
        return response.json();
      })
      .then(function (state) {
        if (show(state)) {
          window.setTimeout(poll, 1000);
        }
      })
      .catch(function () {
        document.body.classList.add("stale");
        window.setTimeout(poll, 3000);
      });
  }

  window.setTimeout(poll, 1000);
})();
