// A page's print button (button[data-print]): the browser's print dialog, which a
// tablet keeps deep in its menus. The printed page leaves the button out (.no-print).
(function () {
  "use strict";
  document.querySelectorAll("button[data-print]").forEach(function (button) {
    button.addEventListener("click", function () {
      window.print();
    });
  });
}());
