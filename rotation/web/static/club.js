// The club's forms that plan (New evening's Plan and Start): once pressed, the button says what the server
// is doing and cannot be pressed again while it plans (twenty players take several seconds), and a note
// says why the page waits. Without JavaScript the forms work the same, the browser's own spinner showing.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset || !form.dataset.busy) { return; }
    // sent once already: a second press before the button is disabled below (a double tap on a slow
    // phone comes before the timer) sends nothing
    if (form.dataset.sent) { event.preventDefault(); return; }
    var button = form.querySelector("button[type=submit]");
    form.dataset.sent = "1";
    if (button) {
      button.dataset.idle = button.textContent;
      button.textContent = form.dataset.busy;
      button.setAttribute("aria-disabled", "true");
      // disabled after this event, so the form still goes (a disabled button would not submit it)
      window.setTimeout(function () { button.disabled = true; }, 0);
    }
    var note = form.querySelector("[data-busy-note]");
    if (note) { note.hidden = false; }
  });
  // Back to the page from the next one (restored from the browser's cache): the buttons work again. Not on
  // the page's first showing, which on a slow phone may come after the host pressed Plan: that would wake
  // a button that is waiting for the plan.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) { return; }
    document.querySelectorAll("form[data-busy]").forEach(function (form) { delete form.dataset.sent; });
    document.querySelectorAll("form[data-busy] button[type=submit]").forEach(function (button) {
      if (button.dataset.idle) { button.textContent = button.dataset.idle; }
      button.disabled = false;
      button.removeAttribute("aria-disabled");
    });
    document.querySelectorAll("[data-busy-note]").forEach(function (note) { note.hidden = true; });
  });
}());
