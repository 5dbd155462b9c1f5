// The top bar's pages (issue 44, point 7): on a wide screen every one in a row, the Menu
// button hidden (static/css/floor.css opens it there too, where the browser can); on a
// tablet held upright the Menu button opens them over the page, and Escape or a tap
// elsewhere closes them again.
(function () {
  "use strict";
  var menu = document.querySelector("details[data-menu]");
  if (!menu) return;
  var wide = window.matchMedia("(min-width: 1000px)");
  function fit() { menu.open = wide.matches; }
  fit();
  wide.addEventListener("change", fit);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && menu.open && !wide.matches) menu.open = false;
  });
  document.addEventListener("click", function (event) {
    if (menu.open && !wide.matches && !menu.contains(event.target)) menu.open = false;
  });
})();
