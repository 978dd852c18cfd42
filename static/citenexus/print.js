// "Print or save as PDF" on the answer page. The button is hidden until this script shows it, so
// a page without JavaScript offers no dead control (the browser's own Print still works, and the
// print stylesheet in app.css applies either way). A file, not an inline handler: the pages'
// Content-Security-Policy allows scripts from 'self' only.
(function () {
  function init() {
    document.querySelectorAll("button[data-print]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
