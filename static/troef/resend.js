// Kept in the browser, sent once: the result forms (the table's link, the director's
// table page) survive a wifi that drops.
//
// A form with an idempotency key (the hidden field {% idempotency_field %} renders, a
// fresh key per form shown) is sent with fetch() instead of a page load. Before sending,
// the entry is kept in localStorage. When no answer comes (offline, a network error, a
// time-out, a server that is down) the form says so (the field's data-unsent text, in the
// page's language) and the entry is sent again, with the same key, when the browser is
// back online and every RETRY_MS. One send at a time per entry: the "online" event, the
// timer and a new submit of the same form wait while it is on its way. The server does a
// key once (clubs.idempotency): a repeat of a POST that was stored but whose answer was
// lost gets the first answer and stores nothing new.
//
// When the answer arrives the kept entry is removed and the page follows the answer
// without sending the entry again: a redirect comes as a header (ANSWER_HEADER, asked
// for with ASK_HEADER; scoring.views.results) and the browser goes there, where the
// answer's messages wait; a page (the form with its errors, a refusal) replaces this one.
//
// An entry kept when the page was closed or reloaded is put back into its form when the
// page is opened again, shown as waiting, and sent. Without JavaScript the forms post as
// they always did (the key still makes a repeated POST harmless).
(function () {
  "use strict";
  var FIELD = "idempotency_key";
  var STORE = "troef.unsent";
  var KEEP_MS = 2 * 24 * 3600 * 1000; // as long as the server keeps the answers
  var RETRY_MS = 5000;
  var TIMEOUT_MS = 20000;
  var ASK_HEADER = "X-Troef-Resend";
  var ANSWER_HEADER = "X-Troef-Location";
  if (!window.fetch || !window.URLSearchParams || !window.FormData) {
    return;
  }

  // --- the kept entries: {key: {key, url, sig, fields: [[name, value]], at}} -------------

  function load() {
    try {
      var all = JSON.parse(window.localStorage.getItem(STORE) || "{}");
      return all && typeof all === "object" ? all : {};
    } catch (error) {
      return {};
    }
  }

  function store(all) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(all));
    } catch (error) {
      // Private mode or a full storage: the entry still goes out, it just is not kept.
    }
  }

  function keep(entry) {
    var all = load();
    all[entry.key] = entry;
    store(all);
  }

  function forget(key) {
    var all = load();
    delete all[key];
    store(all);
  }

  // --- forms -----------------------------------------------------------------------------

  function keyInput(form) {
    return form.querySelector("input[name=" + FIELD + "]");
  }

  // The URL a form posts to. form.action would be the button named "action".
  function target(form) {
    var url = new URL(form.getAttribute("action") || window.location.href, window.location.href);
    url.hash = "";
    return url.href;
  }

  // Which form of the page an entry belongs to: its result (confirm, set aside) and its
  // buttons (enter and more rows, confirm, set aside).
  function signature(form) {
    var result = form.querySelector("input[name=result]");
    var buttons = [];
    form.querySelectorAll("button[name=action]").forEach(function (button) {
      buttons.push(button.value);
    });
    return (result ? result.value : "") + "|" + buttons.join(",");
  }

  function formOf(entry) {
    var found = null;
    document.querySelectorAll("form").forEach(function (form) {
      if (!found && keyInput(form) && target(form) === entry.url && signature(form) === entry.sig) {
        found = form;
      }
    });
    return found;
  }

  function fieldsOf(form, submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      fields.push([name, String(value)]);
    });
    if (submitter && submitter.name) {
      fields.push([submitter.name, submitter.value]);
    }
    return fields;
  }

  // Put a kept entry back into its form (after a reload): the cells, the ticks, the key.
  function restore(form, entry) {
    var values = {};
    entry.fields.forEach(function (pair) {
      values[pair[0]] = pair[1];
    });
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name || element.name === "csrfmiddlewaretoken" || element.tagName === "BUTTON") {
        return;
      }
      if (element.type === "checkbox" || element.type === "radio") {
        element.checked = values[element.name] === element.value;
      } else if (Object.prototype.hasOwnProperty.call(values, element.name)) {
        element.value = values[element.name];
      }
    });
  }

  // --- what the page shows ---------------------------------------------------------------

  function texts() {
    var input = document.querySelector("input[name=" + FIELD + "]");
    return {
      unsent: (input && input.getAttribute("data-unsent")) || "",
      sending: (input && input.getAttribute("data-sending")) || ""
    };
  }

  function note(entry) {
    var id = "unsent-" + entry.key;
    var element = document.getElementById(id);
    if (!element) {
      element = document.createElement("p");
      element.id = id;
      element.className = "message unsent";
      element.setAttribute("role", "status");
      element.setAttribute("data-unsent", entry.key);
      var form = formOf(entry);
      var place = form || document.querySelector("main") || document.body;
      place.insertBefore(element, place.firstChild);
    }
    return element;
  }

  function show(entry, state) {
    var element = note(entry);
    element.textContent = state === "sending" ? texts().sending : texts().unsent;
    element.classList.toggle("waiting", state !== "sending");
    var form = formOf(entry);
    if (form) {
      form.querySelectorAll("button[type=submit]").forEach(function (button) {
        if (state === "sending") {
          button.setAttribute("aria-busy", "true");
        } else {
          button.removeAttribute("aria-busy");
        }
      });
    }
  }

  // --- sending ---------------------------------------------------------------------------

  var sending = {};
  var timer = null;

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : null;
  }

  function body(entry) {
    var data = new URLSearchParams();
    var token = csrf();
    entry.fields.forEach(function (pair) {
      // The page's own token: a kept entry may come from a page shown before a reload.
      data.append(pair[0], pair[0] === "csrfmiddlewaretoken" && token ? token : pair[1]);
    });
    return data;
  }

  function send(entry) {
    if (sending[entry.key]) {
      return; // on its way already: sent once
    }
    sending[entry.key] = true;
    show(entry, "sending");
    var controller = window.AbortController ? new AbortController() : null;
    var clock = window.setTimeout(function () {
      if (controller) {
        controller.abort();
      }
    }, TIMEOUT_MS);
    var headers = {};
    headers[ASK_HEADER] = "1";
    fetch(entry.url, {
      method: "POST",
      body: body(entry),
      headers: headers,
      credentials: "same-origin",
      cache: "no-store",
      redirect: "follow",
      signal: controller ? controller.signal : undefined
    })
      .then(function (response) {
        // A server that is down or overloaded (a proxy's 502, 503, 504) did not do it.
        if (response.status >= 500) {
          throw new Error(String(response.status));
        }
        var location = response.headers.get(ANSWER_HEADER);
        if (location) {
          return { location: location };
        }
        return response.text().then(function (html) {
          return { page: html, url: response.url };
        });
      })
      .then(
        function (answer) {
          window.clearTimeout(clock);
          answered(entry, answer);
        },
        // No answer (or only part of one): not known to be done, so sent again later.
        function () {
          window.clearTimeout(clock);
          sending[entry.key] = false;
          show(entry, "unsent");
          schedule();
        }
      );
  }

  // The server has it (stored, or refused with its reason): follow its answer as an
  // ordinary submission would, without sending it again. The entry stays marked as on
  // its way (sending), so nothing on this page sends it once more.
  function answered(entry, answer) {
    forget(entry.key);
    if (timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
    if (answer.location) {
      window.location.replace(new URL(answer.location, entry.url).href);
      return;
    }
    // A page (the form and what was wrong with it): shown in place of this one, at the
    // address it came from.
    if (answer.url && answer.url !== window.location.href && window.history.replaceState) {
      window.history.replaceState(null, "", answer.url);
    }
    document.open();
    document.write(answer.page);
    document.close();
  }

  function pathOf(url) {
    try {
      return new URL(url, window.location.href).pathname;
    } catch (error) {
      return null;
    }
  }

  function waiting() {
    var all = load();
    var here = [];
    var now = Date.now();
    var changed = false;
    Object.keys(all).forEach(function (key) {
      var entry = all[key];
      if (!entry || !pathOf(entry.url) || !Array.isArray(entry.fields) || now - (entry.at || 0) > KEEP_MS) {
        delete all[key];
        changed = true;
        return;
      }
      // Entries of this page: its forms', or ones whose form is gone (the result was
      // confirmed meanwhile) posted to this address.
      if (formOf(entry) || pathOf(entry.url) === window.location.pathname) {
        here.push(entry);
      }
    });
    if (changed) {
      store(all);
    }
    return here;
  }

  function retry() {
    waiting().forEach(send);
  }

  function schedule() {
    if (timer === null) {
      timer = window.setInterval(retry, RETRY_MS);
    }
  }

  // --- the page --------------------------------------------------------------------------

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var input = keyInput(form);
    var buttons = form.querySelectorAll("button[name=action]");
    // Browsers that do not say which button was pressed: a form with one button.
    var submitter = event.submitter || (buttons.length === 1 ? buttons[0] : null);
    if (!input || event.defaultPrevented) {
      return;
    }
    // More rows for the form: a page to fill in, nothing stored; an ordinary page load.
    if (submitter && submitter.name === "action" && submitter.value === "more") {
      return;
    }
    event.preventDefault();
    var entry = {
      key: input.value,
      url: target(form),
      sig: signature(form),
      fields: fieldsOf(form, submitter),
      at: Date.now()
    };
    keep(entry);
    send(entry);
  });

  window.addEventListener("online", retry);

  var kept = waiting();
  kept.forEach(function (entry) {
    var form = formOf(entry);
    if (form) {
      restore(form, entry);
    }
    show(entry, "unsent");
  });
  if (kept.length) {
    retry();
    schedule();
  }
})();
