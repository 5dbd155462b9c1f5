// The terms pages (paytables, rake schedules): say at once that the draft's form
// has unsaved changes, and show only the chosen collection method's boxes. Without this
// file the pages still work: Publish posts what is shown (and asks first), and every
// method's section shows under its heading.
(function () {
  "use strict";

  document.querySelectorAll("form[data-unsaved-warning]").forEach(function (form) {
    var notice = form.querySelector("[data-unsaved]");
    if (!notice) return;
    var edited = function () { notice.hidden = false; };
    form.addEventListener("input", edited);
    form.addEventListener("change", edited);
  });

  document.querySelectorAll("form").forEach(function (form) {
    var method = form.querySelector("select[name=method]");
    var sections = form.querySelectorAll("fieldset[data-methods]");
    if (!method || !sections.length) return;
    var hint = form.querySelector("[data-method-hint]");
    var show = function () {
      sections.forEach(function (section) {
        section.hidden = section.dataset.methods.split(" ").indexOf(method.value) < 0;
      });
    };
    if (hint) hint.textContent = "Only the boxes of the chosen method are shown and saved.";
    method.addEventListener("change", show);
    show();
  });
})();
