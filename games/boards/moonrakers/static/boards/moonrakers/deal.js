// Progressive enhancement of the Mission Leader's offer forms: shows, while the steppers move, what
// the leader would keep. Without this script the page says it after the offer is made.
"use strict";
document.querySelectorAll("form.mr-offer-form").forEach(function (form) {
  var line = form.querySelector(".mr-would-keep");
  if (!line) return;
  function update() {
    ["prestige", "credits", "bonus", "dice"].forEach(function (term) {
      var out = line.querySelector('[data-keep="' + term + '"]');
      if (!out) return;
      var base = parseInt(line.getAttribute("data-base-" + term) || "0", 10);
      var field = form.querySelector('[data-term="' + term + '"]');
      var given = 0;
      if (field) given = field.type === "checkbox" ? (field.checked ? 1 : 0) : parseInt(field.value, 10) || 0;
      out.textContent = String(base - given);
    });
  }
  form.addEventListener("change", update);
  update();
  line.hidden = false;
});
