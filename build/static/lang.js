// Language: at the root, the reader's remembered choice, else the browser's language, picks the page. Runs in
// <head> so a redirect happens before anything is drawn; the hash (a route, a link) is kept.
(function () {
  "use strict";
  var KEY = "skirmish.lang";
  var script = document.currentScript;
  var page = script.getAttribute("data-lang");
  var alternates = JSON.parse(script.getAttribute("data-alternates"));
  var stored = null;
  try { stored = localStorage.getItem(KEY); } catch (e) { /* storage may be blocked */ }
  // Only a root page (English: no language folder in its URL) follows the stored choice or the
  // browser's language; a link to ja/ or ru/ keeps the language it names.
  var wanted = null;
  if (page === "en") {
    wanted = stored && alternates[stored] ? stored : null;
    var prefs = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < prefs.length && !wanted; i++) {
      var code = String(prefs[i]).slice(0, 2).toLowerCase();
      if (alternates[code]) wanted = code;
    }
  }
  if (wanted && wanted !== page) {
    location.replace(alternates[wanted] + location.hash);
    return;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-lang]");
    if (!link) return;
    try { localStorage.setItem(KEY, link.getAttribute("data-lang")); } catch (e) { /* not remembered */ }
    event.preventDefault();
    location.href = link.getAttribute("href") + location.hash;
  });
})();
