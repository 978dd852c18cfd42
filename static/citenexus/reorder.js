// Optional drag-and-drop for the tier editor. The up/down buttons remain the primary, keyboard
// accessible way; dropping a row just reorders the form's rows and asks the server to preview.
(function () {
  function init(list) {
    let dragged = null;
    list.querySelectorAll(".tier-row").forEach(function (row) {
      row.addEventListener("dragstart", function () { dragged = row; row.classList.add("dragging"); });
      row.addEventListener("dragend", function () { row.classList.remove("dragging"); dragged = null; });
      row.addEventListener("dragover", function (e) { e.preventDefault(); row.classList.add("drop-target"); });
      row.addEventListener("dragleave", function () { row.classList.remove("drop-target"); });
      row.addEventListener("drop", function (e) {
        e.preventDefault();
        row.classList.remove("drop-target");
        if (!dragged || dragged === row) return;
        const rows = Array.from(list.children);
        if (rows.indexOf(dragged) < rows.indexOf(row)) row.after(dragged); else row.before(dragged);
        const form = list.closest("form");
        if (form && form.requestSubmit) form.requestSubmit(form.querySelector("button[value=preview]"));
      });
    });
  }
  function scan(root) { root.querySelectorAll("[data-reorder]").forEach(init); }
  document.addEventListener("DOMContentLoaded", function () { scan(document); });
  document.addEventListener("htmx:afterSettle", function (e) { scan(e.target); });
})();
