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
      var kept = base - given;
      out.textContent = String(kept);
      // The noun after it agrees with the number (its forms for 0, 1 and more: the kept_noun tag).
      var noun = line.querySelector('[data-noun="' + term + '"]');
      if (noun) noun.textContent = noun.getAttribute(kept === 0 ? "data-zero" : kept === 1 ? "data-one" : "data-more");
    });
  }
  form.addEventListener("change", update);
  update();
  line.hidden = false;
});
