// Fill an unset time-zone field with the browser's own zone (sign-up and profile pages).
// Without JavaScript the field stays empty and the player's times are in UTC.
(function () {
  "use strict";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (e) {
    return;
  }
  if (!zone) return;
  document.addEventListener("DOMContentLoaded", function () {
    var hidden = document.querySelectorAll('input[type="hidden"][name="time_zone"]');
    for (var i = 0; i < hidden.length; i++) {
      if (!hidden[i].value) hidden[i].value = zone;
    }
    var select = document.querySelector('select[name="time_zone"][data-browser-zone]');
    if (select && !select.value) {
      for (var j = 0; j < select.options.length; j++) {
        if (select.options[j].value === zone) {
          select.value = zone;
          break;
        }
      }
    }
  });
})();
