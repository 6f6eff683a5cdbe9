// Before Python is ready: show the route the address asks for, report start-up progress in the
// page's language, and turn a failed start into a message that says what failed, instead of an
// endless spinner. No game logic lives here.
(function () {
  "use strict";
  // PyScript's progress events (English, never shown) -> the message #loading holds for each.
  var STEPS = ["Loading Pyodide", "Loading Storage", "Loading interpreter", "Loaded interpreter", "Loaded Pyodide"];
  // ("Loading interpreter" is the long one: downloading, compiling and starting CPython.)
  var SAYS = {"Loading Pyodide": "data-step-download", "Loading Storage": "data-step-download",
              "Loading interpreter": "data-step-download", "Loaded interpreter": "data-step-files",
              "Loading files": "data-step-files", "Loaded files": "data-step-ui", "Loaded Pyodide": "data-step-ui"};
  var TIMEOUT_MS = 90000;
  var box = document.getElementById("loading");
  var bar = document.getElementById("loading-bar");
  var text = document.getElementById("loading-text");
  var done = 0;
  var failedFile = null;      // [file, why] of the first download that failed

  // Which download failed, for the message: every fetch the runtime makes goes through here.
  var realFetch = window.fetch;
  function fileName(url) {
    try { return new URL(url, location.href).pathname.split("/").slice(-2).join("/"); } catch (e) { return String(url); }
  }
  window.fetch = function (input) {
    var url = typeof input === "string" ? input : (input && input.url) || String(input);
    // Before the page is ready every download is needed: the first that fails ends the start
    // with its name (the runtime itself may otherwise wait forever, as with a 404 .wasm).
    // The start-up snapshot is optional (build/static/restore.mjs boots cold without it).
    if (/\/snapshot-[0-9a-f]+\.bin\.gz$/.test(url.split("?")[0])) return realFetch.apply(this, arguments);
    return realFetch.apply(this, arguments).then(function (response) {
      if (!response.ok && !failedFile) {
        failedFile = [fileName(url), "HTTP " + response.status];
        fail("");
      }
      return response;
    }, function (error) {
      if (!failedFile) {
        failedFile = [fileName(url), navigator.onLine === false ? "offline" : String(error && error.message || error)];
        fail("");
      }
      throw error;
    });
  };

  function showRoute() {
    var route = (location.hash.split("?")[0].split("/")[1] || "home");
    if (!document.getElementById("route-" + route)) route = "home";   // one section per page of ui/pages.py
    var sections = document.querySelectorAll("section.route");
    for (var i = 0; i < sections.length; i++) sections[i].hidden = sections[i].id !== "route-" + route;
  }

  function fail(message) {
    if (document.body.dataset.ready === "1" || document.body.dataset.ready === "failed") return;
    var alert = document.getElementById("load-error");
    if (navigator.onLine === false && !(navigator.serviceWorker && navigator.serviceWorker.controller)) {
      message = box.getAttribute("data-offline");
    } else if (failedFile) {
      message = box.getAttribute("data-file").replace("{file}", failedFile[0]).replace("{status}", failedFile[1]);
    }
    alert.textContent = box.getAttribute("data-failed").replace("{reason}", message);
    alert.hidden = false;
    box.hidden = true;
    document.body.dataset.ready = "failed";
  }

  window.addEventListener("py:progress", function (event) {
    var index = STEPS.indexOf(String(event.detail));
    if (index >= 0) done = Math.max(done, index + 1);
    bar.style.width = Math.round(90 * done / STEPS.length) + "%";
    var says = SAYS[String(event.detail)];
    if (says) text.textContent = box.getAttribute(says);
  });
  window.addEventListener("error", function (event) {
    if (event.filename && /pyodide|pyscript/.test(event.filename)) fail(event.message || "a script failed");
  });
  window.addEventListener("unhandledrejection", function (event) {
    fail(String(event.reason && event.reason.message || event.reason || "a download failed").split("\n")[0]);
  });
  setTimeout(function () {
    fail(box.getAttribute("data-timeout").replace("{seconds}", String(TIMEOUT_MS / 1000)));
  }, TIMEOUT_MS);
  window.addEventListener("hashchange", function () { if (document.body.dataset.ready !== "1") showRoute(); });
  showRoute();
})();
