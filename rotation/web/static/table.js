// The table's page, kept up to date while it is open: every few seconds it asks the server how many
// deals this table holds (and how many rounds are seated: an evening seated by results seats the next
// round when the last table finishes); when another phone added or took one back, it fetches the page again and
// swaps in the seats, the pad and the deal count its forms carry, leaving what is typed or chosen in the
// form as it is. Without JavaScript the page still works: the server refuses a form made stale by the
// other phone and says why.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch || !window.DOMParser) { return; }
  var EVERY = 4000;

  function swap(fresh) {
    var now = fresh.getElementById("live");
    if (!now) { return; }
    var mine = document.getElementById("add"), theirs = fresh.getElementById("add");
    if (!mine || !theirs) {  // the rubber was completed or reopened: nothing typed to keep
      live.replaceWith(now);
      live = now;
      return;
    }
    live.querySelectorAll("[data-live]").forEach(function (part) {
      var other = now.querySelector('[data-live="' + part.dataset.live + '"]');
      if (other) { part.replaceWith(other); }
    });
    var seen = now.querySelector("#add input[name=seen]").value;
    document.querySelectorAll("form input[name=seen]").forEach(function (input) { input.value = seen; });
    live.dataset.entered = now.dataset.entered;
    live.dataset.seated = now.dataset.seated;
    var status = live.querySelector("[role=status]");
    if (status) { status.textContent = live.dataset.other || "The other phone's deal is shown."; }
  }

  function check() {
    fetch(live.dataset.state, {cache: "no-store", credentials: "same-origin"})
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (state) {
        if (!state) { return null; }
        if (String(state.entered) === live.dataset.entered && String(state.seated) === live.dataset.seated) {
          return null;
        }
        return fetch(live.dataset.page, {cache: "no-store", credentials: "same-origin"})
          .then(function (answer) { return answer.ok ? answer.text() : null; })
          .then(function (html) {
            if (html) { swap(new DOMParser().parseFromString(html, "text/html")); }
          });
      })
      .catch(function () { /* the server is away a moment: try again next time */ })
      .then(function () { window.setTimeout(check, EVERY); });
  }
  window.setTimeout(check, EVERY);
}());
