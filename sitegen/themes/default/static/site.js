// sitegen: small enhancements; every page works without them.
(function () {
  "use strict";

  // The page's own words for what this script writes: data-t-* attributes of <body>, written by base.html in the
  // page's language (an English page has none: these defaults). A plural picks its form by the language's rule.
  var text = function (key, english) {
    var own = document.body.getAttribute("data-t-" + key);
    return own === null ? english : own;
  };
  var plural = function (key, count, one, other) {
    var form = "other";
    try {
      form = new Intl.PluralRules(document.documentElement.lang || "en").select(count);
    } catch (e) { /* an old browser: the "other" form */ }
    var own = document.body.getAttribute("data-t-" + key + "-" + form) || document.body.getAttribute("data-t-" + key + "-other");
    return (own === null ? (count === 1 ? one : other) : own).replace("{count}", count);
  };

  // The player this device remembers for this event (no account: localStorage, also from file:// and offline).
  var eventLink = document.querySelector(".event-nav .event-title a");
  var eventBase = eventLink ? eventLink.getAttribute("href").replace(/index\.html$/, "") : "";
  // Keyed by the event's folder, "events/SLUG/", whichever page of it is open (the links are relative: "", "../").
  var storageKey = eventLink ? "sitegen-player:" + eventLink.href.replace(/^.*?\/(events\/[^/]+\/)index\.html$/, "$1") : "";
  var remembered = function () {
    try {
      return JSON.parse(localStorage.getItem(storageKey) || "null");
    } catch (e) {
      return null;
    }
  };
  var remember = function (player) {
    try {
      if (player) {
        localStorage.setItem(storageKey, JSON.stringify(player));
      } else {
        localStorage.removeItem(storageKey);
      }
    } catch (e) { /* storage off: nothing is remembered */ }
  };

  // A round page: the player's own table (remembered, or the only one a typed name finds) is lifted to the top, above
  // the list of names and the other tables, so it is on the first screen; it goes back to its place after.
  var lifted = null;
  var lift = function (number, after) {
    if (lifted) {
      lifted.home.parentNode.replaceChild(lifted.table, lifted.home);
      lifted.table.classList.remove("lifted");
      lifted = null;
    }
    var table = number && after && document.getElementById("table-" + number);
    if (!table || !table.classList.contains("game") || !document.querySelector(".find-list")) {
      return;
    }
    var home = document.createComment("table " + number);
    table.parentNode.replaceChild(home, table);
    after.parentNode.insertBefore(table, after.nextSibling);
    table.classList.add("lifted");
    lifted = { table: table, home: home };
  };
  var mine = { table: "", bar: null };

  // Mark the remembered player's rows and table, and say who "you" are at the top of the page.
  var showYou = function () {
    Array.prototype.forEach.call(document.querySelectorAll(".yours"), function (el) { el.classList.remove("yours"); });
    Array.prototype.forEach.call(document.querySelectorAll(".yours-mark"), function (el) { el.parentNode.removeChild(el); });
    var old = document.querySelector(".you-bar");
    if (old) {
      old.parentNode.removeChild(old);
    }
    var me = storageKey && remembered();
    mine = { table: "", bar: null };
    if (!me) {
      lift(null);
      return;
    }
    var where = "";
    // Their entry in the list of names, and every table row headed by a link to their page.
    var marks = Array.prototype.slice.call(document.querySelectorAll('li[data-player="' + me.id + '"]'));
    Array.prototype.forEach.call(document.querySelectorAll('tr > th > a[href$="players/' + me.id + '.html"]'), function (link) {
      marks.push(link.closest("tr"));
    });
    marks.forEach(function (el) {
      el.classList.add("yours");
      var table = el.closest("table.game");
      if (table) {
        table.classList.add("yours");
        where = table.getAttribute("data-table");
        var caption = table.querySelector("caption");
        if (caption && !caption.querySelector(".yours-mark")) {
          var mark = document.createElement("span");
          mark.className = "yours-mark";
          mark.textContent = " · " + text("your-table-mark", "your table");
          caption.appendChild(mark);
        }
      }
    });
    var bar = document.createElement("p");
    bar.className = "you-bar";
    bar.appendChild(document.createTextNode(text("you", "You: ")));
    var page = document.createElement("a");
    page.href = eventBase + "players/" + me.id + ".html";
    page.textContent = text("your-page", "{name} (your page)").replace("{name}", me.name);
    bar.appendChild(page);
    if (where) {
      var table = document.createElement("a");
      table.href = "#table-" + where;
      table.textContent = text("your-table", "your table: {table}").replace("{table}", where);
      bar.appendChild(document.createTextNode(" · "));
      bar.appendChild(table);
    }
    var forget = document.createElement("button");
    forget.type = "button";
    forget.textContent = text("not-you", "Not you?");
    forget.addEventListener("click", function () {
      remember(null);
      showYou();
    });
    bar.appendChild(document.createTextNode(" "));
    bar.appendChild(forget);
    var main = document.getElementById("main");
    main.insertBefore(bar, main.firstChild);
    mine = { table: where, bar: bar };
    lift(where, bar);
  };

  // Find your name: typing filters the name list and the tables to the matching players; tapping a name remembers it.
  var input = document.getElementById("find-input");
  if (input) {
    input.form.addEventListener("submit", function (event) { event.preventDefault(); }); // the list filters as you type
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
      if (!names.length && query) { // a finished round lists no names: the players' names in its tables are searched
        tables.forEach(function (table) {
          Array.prototype.forEach.call(table.querySelectorAll("tbody th a"), function (link) {
            if (fold(link.textContent).indexOf(query) !== -1) {
              hits += 1;
              wanted[table.getAttribute("data-table")] = true;
            }
          });
        });
      }
      tables.forEach(function (table) {
        table.hidden = Boolean(query) && !wanted[table.getAttribute("data-table")];
      });
      var found = Object.keys(wanted).filter(Boolean);
      if (query && found.length === 1) {
        lift(found[0], input.form);
      } else {
        lift(mine.table, mine.bar);
      }
      count.textContent = query ? (hits ? plural("found", hits, "{count} player found", "{count} players found") : text("none-found", "No player by that name")) : "";
    });
    names.forEach(function (li) {
      li.querySelector("a").addEventListener("click", function () {
        remember({ id: li.getAttribute("data-player"), name: li.getAttribute("data-name") });
        showYou();
      });
    });
  }
  // A player's page in an event: "This is me" remembers them. Only a script can do that, so the script adds it: the
  // player from the page's address (players/ID.html, or players/ID where a host drops the .html) and its heading.
  var history = storageKey && document.querySelector("table.history");
  if (history) {
    var player = { id: location.pathname.split("/").pop().replace(/\.html$/, ""), name: document.querySelector("h1").textContent };
    var button = document.createElement("button");
    button.type = "button";
    button.className = "this-is-me";
    button.textContent = text("this-is-me", "This is me: mark my table on every round");
    button.addEventListener("click", function () {
      remember(player);
      showYou();
    });
    var remembering = document.createElement("p");
    remembering.className = "remember";
    remembering.appendChild(button);
    var region = history.closest(".scroll") || history;
    region.parentNode.insertBefore(remembering, region);
  }
  showYou();

  // Round clock: time left in a timed round. The start is an instant with its offset when the event names a
  // time zone, so every phone counts down the same minutes whatever zone it is set to.
  var clock = document.querySelector(".clock");
  if (clock) {
    // The judge's changes (sitegen clock): added minutes are in data-minutes, pauses over push the end back,
    // a pause under way freezes the count, and a call ends it.
    var end = new Date(clock.getAttribute("data-start")).getTime() + 60000 * Number(clock.getAttribute("data-minutes"))
      + 1000 * Number(clock.getAttribute("data-paused-seconds") || 0);
    var pausedAt = clock.getAttribute("data-paused");
    var called = clock.getAttribute("data-called");
    var left = clock.querySelector(".clock-left");
    var tick = function () {
      var ms = end - (pausedAt ? new Date(pausedAt).getTime() : Date.now());
      if (called || ms <= 0) {
        left.textContent = text("called", "time is called");
        return;
      }
      var minutes = Math.floor(ms / 60000);
      var seconds = Math.floor((ms % 60000) / 1000);
      var shown = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
      left.textContent = (pausedAt ? text("left-paused", "{time} left (paused)") : text("left", "{time} left")).replace("{time}", shown);
      if (!pausedAt) setTimeout(tick, 1000);
    };
    tick();
  }

  // New round or results: poll the event's status.json; when it changes, link to the newest round
  // (or offer a reload when the newest round is this page).
  var main = document.getElementById("main");
  var statusUrl = main && main.getAttribute("data-status");
  if (statusUrl && location.protocol !== "file:" && window.fetch) {
    var banner = document.querySelector(".update-banner");
    var here = location.pathname.split("/").pop();
    var poll = function () {
      fetch(statusUrl, { cache: "no-store" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (status) {
          if (status && status.version !== main.getAttribute("data-version")) {
            var link = banner.querySelector("a");
            if (status.current && status.current + ".html" !== here) {
              link.href = statusUrl.replace(/status\.json$/, status.current + ".html");
              link.textContent = text("open", "Open " + (status.current_label || "it"));
            }
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
