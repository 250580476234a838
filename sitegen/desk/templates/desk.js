// A confirmation goes beside the control that was used: the section the page returned to.
(function () {
  var target = location.hash && document.getElementById(location.hash.slice(1));
  if (!target) return;
  document.querySelectorAll("main > .note").forEach(function (note) { target.insertBefore(note, target.children[1] || null); });
})();
