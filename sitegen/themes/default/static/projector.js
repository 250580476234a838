// sitegen venue screen: scroll the pairings when they do not fit, and show a new round as soon as it is posted.
(function () {
  "use strict";

  // Slow, endless scrolling of a list that does not fit: a second copy (hidden from screen readers) follows the
  // first, so the loop has no jump. With reduced motion asked for, it turns a page every 15 seconds instead.
  var box = document.querySelector(".projector-scroll");
  var track = box && box.querySelector(".projector-track");
  if (track && track.scrollHeight > box.clientHeight + 1) {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      setInterval(function () {
        var atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
        box.scrollTop = atEnd ? 0 : box.scrollTop + box.clientHeight;
      }, 15000);
    } else {
      var copy = track.firstElementChild.cloneNode(true);
      copy.setAttribute("aria-hidden", "true");
      track.appendChild(copy);
      box.classList.add("scrolling");
    }
  }

  // A new round or result: reload, so the screen always shows the latest round (needs a web server, not file://).
  var body = document.body;
  var statusUrl = body.getAttribute("data-status");
  if (statusUrl && location.protocol !== "file:" && window.fetch) {
    var poll = function () {
      fetch(statusUrl, { cache: "no-store" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (status) {
          if (status && status.version !== body.getAttribute("data-version")) {
            location.reload();
          } else {
            setTimeout(poll, 30000);
          }
        })
        .catch(function () { setTimeout(poll, 60000); });
    };
    setTimeout(poll, 30000);
  }
})();
