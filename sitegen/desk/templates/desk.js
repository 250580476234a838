// A confirmation goes beside the control that was used: the section the page returned to.
(function () {
  var target = location.hash && document.getElementById(location.hash.slice(1));
  if (!target) return;
  document.querySelectorAll("main > .note").forEach(function (note) { target.insertBefore(note, target.children[1] || null); });
  for (var up = target; up; up = up.parentElement) if (up.tagName === "DETAILS") up.open = true;  // an earlier round's table
})();

// A form of figures (VP, power): the total and who has the most, as the judge types (a blank counts as 0).
document.querySelectorAll("output.sum").forEach(function (out) {
  var inputs = out.closest("form").querySelectorAll("input[data-sum='" + out.dataset.field + "']");
  var number = function (n) { return n.toLocaleString(document.documentElement.lang || "en"); };
  function update() {
    var total = 0, most = null, tied = false, typed = false;
    inputs.forEach(function (input) {
      var figure = parseFloat(input.value) || 0;
      typed = typed || input.value !== "";
      total += figure;
      if (most === null || figure > most.figure) { most = {figure: figure, name: input.dataset.name}; tied = false; }
      else if (figure === most.figure) tied = true;
    });
    var words = typed ? out.dataset.total.replace("{total}", number(total)) : "";
    if (typed && most && most.figure > 0 && !tied) words += " · " + out.dataset.most.replace("{name}", most.name).replace("{figure}", number(most.figure));
    out.textContent = words;
  }
  inputs.forEach(function (input) { input.addEventListener("input", update); });
  update();
});

// A player chosen by figures (Melee: who reached the victory total won before time): chosen as they are typed, until
// the judge picks one by hand.
document.querySelectorAll("select[data-reached]").forEach(function (select) {
  var prefix = select.dataset.reached + "-", total = parseFloat(select.dataset.total), picked = false;
  var inputs = select.closest("form").querySelectorAll("input[name^='" + prefix + "']");
  select.addEventListener("change", function () { picked = true; });
  inputs.forEach(function (input) {
    input.addEventListener("input", function () {
      if (picked) return;
      var reached = [];
      inputs.forEach(function (each) { if (parseFloat(each.value) >= total) reached.push(each.name.slice(prefix.length)); });
      select.value = reached.length === 1 ? reached[0] : "";
    });
  });
});
