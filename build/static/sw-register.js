// Offline: register the service worker (sw.js at the site root, by Workbox) and offer a new build.
//
// Update flow: the page asks for sw.js on every visit (and again every half hour while open). A new
// build installs beside the old one (a revision per file; an integrity hash per file, so a worker
// holds one whole build or none) and then WAITS: this page keeps running on the files it started
// with. The banner says a new version is ready; only the reader's click sends SKIP_WAITING, and
// the page reloads when the new worker takes control, so every file then comes from the new build.
// Other open tabs are told to reload too (they keep what they have loaded until they do).
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var script = document.currentScript;
  var swUrl = script.getAttribute("data-sw");
  var container = navigator.serviceWorker;
  var hadController = !!container.controller;
  var asked = false, reloading = false;

  function banner() { return document.getElementById("update"); }

  function show(messageAttr, onClick) {
    var box = banner();
    if (!box) return;
    var button = box.querySelector("button");
    box.querySelector(".update-text").textContent = box.getAttribute(messageAttr);
    button.disabled = false;
    button.onclick = function () { button.disabled = true; onClick(); };
    box.hidden = false;
  }

  function offer(worker) {
    show("data-ready-text", function () {
      asked = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    });
  }

  container.addEventListener("controllerchange", function () {
    if (!hadController) { hadController = true; return; }   // the first install: nothing changes here
    if (asked) {
      if (!reloading) { reloading = true; location.reload(); }
    } else {
      // Another tab took the new build: this one still runs the old files; reload to switch.
      show("data-elsewhere-text", function () { location.reload(); });
    }
  });

  function register() {
    container.register(swUrl).then(function (registration) {
      if (registration.waiting && container.controller) offer(registration.waiting);
      // Look for a new build on every visit (register() alone does not when one is installed).
      else if (container.controller && !registration.installing) registration.update().catch(function () { /* offline */ });
      registration.addEventListener("updatefound", function () {
        var worker = registration.installing;
        if (!worker) return;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed" && container.controller) offer(worker);
        });
      });
      setInterval(function () { registration.update().catch(function () { /* offline */ }); }, 30 * 60 * 1000);
    }).catch(function (error) {
      console.info("Skirmish: no offline copy (" + (error && error.message || error) + ")");
    });
  }

  // Register once the page has started, so that a first visit downloads the runtime for the page
  // before the worker downloads the site for offline use.
  function whenStarted() {
    var state = document.body.getAttribute("data-ready");
    if (!document.getElementById("loading") || state !== "0") { register(); return; }
    var observer = new MutationObserver(function () {
      if (document.body.getAttribute("data-ready") !== "0") { observer.disconnect(); register(); }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }
  if (document.readyState === "complete") whenStarted();
  else window.addEventListener("load", whenStarted);
})();
