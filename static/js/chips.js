// The chips and count forms (form[data-chip-totals]): what each box's count is worth, each
// group's total and a box's drop, as they are typed. The server shows the same figures
// after a refusal; without this script they appear then. Whole cents only: no floats.
(function () {
  "use strict";
  const form = document.querySelector("form[data-chip-totals]");
  if (!form) {
    return;
  }

  function countIn(input) {
    const text = input.value.trim();
    return /^[0-9]+$/.test(text) ? parseInt(text, 10) : null;
  }

  function centsOf(plain) {  // "2.50" -> 250; anything but a plain amount -> null
    const match = /^([0-9]+)(?:\.([0-9]{1,2}))?$/.exec(plain.trim());
    return match ? parseInt(match[1], 10) * 100 + parseInt((match[2] || "").padEnd(2, "0"), 10)
      : null;
  }

  function shown(cents) {
    return (cents / 100).toLocaleString("en-US", {minimumFractionDigits: 2,
                                                  maximumFractionDigits: 2});
  }

  function update() {
    const totals = {};
    form.querySelectorAll("input[data-denomination]").forEach(function (input) {
      const count = countIn(input);
      const worth = count === null ? null : count * centsOf(input.dataset.denomination);
      const output = form.querySelector('output[data-worth-of="' + input.id + '"]');
      if (output) {
        output.textContent = worth === null ? "" : shown(worth);
      }
      totals[input.dataset.group] = (totals[input.dataset.group] || 0) + (worth || 0);
    });
    Object.keys(totals).forEach(function (group) {
      const output = form.querySelector('output[data-total-of="' + group + '"]');
      if (output) {
        output.textContent = shown(totals[group]);
      }
    });
    const drop = form.querySelector("output[data-drop]");
    if (drop) {
      const markers = form.querySelector('input[data-amount="drop"]');
      const added = markers ? centsOf(markers.value || "0") || 0 : 0;
      drop.textContent = shown((totals.cash || 0) + (totals.chips || 0) + added);
    }
  }

  form.addEventListener("input", update);
  update();
}());
