// Before Python is ready: show the route the address asks for, report start-up progress, and
// turn a failed start into a message instead of an endless spinner. No game logic lives here.
(function () {
  "use strict";
  var STEPS = ["Loading Pyodide", "Loading Storage", "Loading interpreter", "Loaded interpreter", "Loaded Pyodide"];
  var TIMEOUT_MS = 90000;
  var box = document.getElementById("loading");
  var bar = document.getElementById("loading-bar");
  var text = document.getElementById("loading-text");
  var done = 0;

  function showRoute() {
    var route = (location.hash.split("?")[0].split("/")[1] || "home");
    if (!document.getElementById("route-" + route)) route = "home";   // one section per page of ui/pages.py
    var sections = document.querySelectorAll("section.route");
    for (var i = 0; i < sections.length; i++) sections[i].hidden = sections[i].id !== "route-" + route;
  }

  function fail(message) {
    if (document.body.dataset.ready === "1") return;
    var alert = document.getElementById("load-error");
    alert.textContent = box.getAttribute("data-failed").replace("{reason}", message);
    alert.hidden = false;
    box.hidden = true;
    document.body.dataset.ready = "failed";
  }

  window.addEventListener("py:progress", function (event) {
    var index = STEPS.indexOf(String(event.detail));
    if (index >= 0) done = Math.max(done, index + 1);
    bar.style.width = Math.round(90 * done / STEPS.length) + "%";
    text.textContent = String(event.detail) + "…";
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
