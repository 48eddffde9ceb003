// A page that keeps itself up to date while it is open (an evening's standings, the season's): every
// so often (the region's data-every, in ms) it asks this server for the page again and, when the part
// marked id="live" reads differently, swaps that part in: no reload, so the page keeps its place, its
// focus and anything typed in its forms. A hidden tab does not ask. Without JavaScript the page's
// Refresh link does the same by hand.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch || !window.DOMParser) { return; }
  var every = Math.max(Number(live.dataset.every) || 10000, 2000);
  var said = document.getElementById("live-said");

  function swap(fresh) {
    var now = fresh.getElementById("live");
    if (!now || now.innerHTML === live.innerHTML) { return; }
    live.replaceWith(now);
    live = now;
    if (said) {
      // the sentence in the page's language (its data-updated), the time in the page's <html lang>
      var time = new Date().toLocaleTimeString(document.documentElement.lang || [], {hour: "2-digit", minute: "2-digit"});
      said.textContent = (live.dataset.updated || "Updated at {time}.").replace("{time}", time);
    }
  }

  function check() {
    if (document.hidden) { window.setTimeout(check, every); return; }
    fetch(window.location.href, {cache: "no-store", credentials: "same-origin"})
      .then(function (answer) { return answer.ok ? answer.text() : null; })
      .then(function (html) {
        if (html) { swap(new DOMParser().parseFromString(html, "text/html")); }
      })
      .catch(function () { /* the server is away a moment: try again next time */ })
      .then(function () { window.setTimeout(check, every); });
  }
  window.setTimeout(check, every);
}());
