// sitegen: three small enhancements; every page works without them.
(function () {
  "use strict";

  // Find your name: typing filters the name list and the tables to the matching players.
  var input = document.getElementById("find-input");
  if (input) {
    var fold = function (text) {
      return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    };
    var names = Array.prototype.slice.call(document.querySelectorAll(".find-list li"));
    var tables = Array.prototype.slice.call(document.querySelectorAll("table.game"));
    var count = document.querySelector(".find-count");
    input.addEventListener("input", function () {
      var query = fold(input.value.trim());
      var wanted = {};
      var hits = 0;
      names.forEach(function (li) {
        var hit = !query || fold(li.getAttribute("data-name")).indexOf(query) !== -1;
        li.hidden = !hit;
        if (hit && query) {
          hits += 1;
          wanted[li.getAttribute("data-table")] = true;
        }
      });
      tables.forEach(function (table) {
        table.hidden = Boolean(query) && !wanted[table.getAttribute("data-table")];
      });
      count.textContent = query ? (hits ? hits + (hits === 1 ? " player found" : " players found") : "No player by that name") : "";
    });
  }

  // Round clock: time left in a timed round, from the start time written in the round file.
  var clock = document.querySelector(".clock");
  if (clock) {
    var end = new Date(clock.getAttribute("data-start")).getTime() + 60000 * Number(clock.getAttribute("data-minutes"));
    var left = clock.querySelector(".clock-left");
    var tick = function () {
      var ms = end - Date.now();
      if (ms <= 0) {
        left.textContent = "time is called";
        return;
      }
      var minutes = Math.floor(ms / 60000);
      var seconds = Math.floor((ms % 60000) / 1000);
      left.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds + " left";
      setTimeout(tick, 1000);
    };
    tick();
  }

  // New round or results: poll the event's status.json and offer a reload when it changes.
  var main = document.getElementById("main");
  var statusUrl = main && main.getAttribute("data-status");
  if (statusUrl && location.protocol !== "file:" && window.fetch) {
    var banner = document.querySelector(".update-banner");
    var poll = function () {
      fetch(statusUrl, { cache: "no-store" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (status) {
          if (status && status.version !== main.getAttribute("data-version")) {
            banner.hidden = false;
          } else {
            setTimeout(poll, 30000);
          }
        })
        .catch(function () { setTimeout(poll, 60000); });
    };
    setTimeout(poll, 30000);
  }
})();
