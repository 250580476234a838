// sitegen: show the content's problems over the page (path:line: message), and clear them once fixed.
// A file, not inline: the pages' Content-Security-Policy runs no inline script. Its settings are its tag's data-*.
(function () {
  // docked: a panel at the bottom (the desk's own pages list the problems too); otherwise over the whole page.
  var settings = document.currentScript.dataset;
  var url = settings.problems, reload = settings.reload === "true", docked = settings.docked === "true", build, hidden = "", english = [];
  if (settings.livereload === "true") {  // serve: livereload's client, which its own inline snippet would have added
    var live = document.createElement("script");
    live.src = "/livereload.js?port=" + (location.port || (location.protocol === "https:" ? 443 : 80));
    document.head.appendChild(live);
  }
  function show(lines) {
    var box = document.getElementById("sitegen-problems"), key = lines.join("\n");
    if (!lines.length || key === hidden) { if (box) box.remove(); return; }
    if (box && box.dataset.key === key) return;
    if (!box) {
      box = document.createElement("div");
      box.id = "sitegen-problems";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:99999;overflow:auto;padding:1rem;" +
        (docked ? "max-height:45vh;border-top:4px solid #ff6b6b;" : "top:0;") +
        "background:rgba(30,0,0,.97);color:#fff;font:15px/1.5 ui-monospace,monospace";
      document.body.appendChild(box);
    }
    box.dataset.key = key;
    box.textContent = "";
    var hide = document.createElement("button");
    hide.type = "button";
    hide.textContent = settings.tHide || "Hide";
    hide.style.cssText = "float:right;min-height:44px;min-width:64px;margin:0 0 .5rem .5rem;font:bold 16px system-ui,sans-serif";
    hide.onclick = function () { hidden = key; box.remove(); };
    box.appendChild(hide);
    var title = document.createElement("h2");
    title.textContent = settings.tTitle || "Content problems: fix them and this page updates (the site shows the last good build)";
    title.style.cssText = "font:bold 17px/1.3 system-ui,sans-serif;margin:0 0 .75rem;color:#ffb4b4";
    box.appendChild(title);
    lines.forEach(function (line, n) {
      var p = document.createElement("p");
      p.textContent = line;
      if (english[n] !== false) p.lang = "en";  // a check written as plain English text, as the CLI says it
      p.style.cssText = "margin:0 0 .5rem;white-space:pre-wrap;overflow-wrap:anywhere";
      box.appendChild(p);
    });
  }
  // The desk's own pages: once the content or the held reports change beneath the page (another judge, a player's
  // report, a command), say so and offer a reload; never reload by itself, a judge may be halfway through a form.
  var loaded;
  function offerReload(data) {
    var now = data.build + "/" + data.held;
    if (loaded === undefined) loaded = now;
    if (now === loaded || document.getElementById("sitegen-changed")) return;
    var note = document.createElement("p");
    note.id = "sitegen-changed";
    note.setAttribute("role", "status");
    note.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:99998;margin:0;padding:.5rem 1rem;" +
      "background:#fff3bf;color:#1a1a1a;border-bottom:2px solid #8a6d00;font:16px/1.4 system-ui,sans-serif";
    note.textContent = (settings.tChanged || "This event changed since the page was loaded.") + " ";
    var again = document.createElement("button");
    again.type = "button";
    again.textContent = settings.tReload || "Reload";
    again.style.cssText = "min-height:44px;min-width:64px;font:bold 16px system-ui,sans-serif";
    again.onclick = function () { location.reload(); };
    note.appendChild(again);
    document.body.appendChild(note);
  }
  function poll() {
    fetch(url, {cache: "no-store"}).then(function (r) { return r.json(); })
      .then(function (data) {
        if (reload && build !== undefined && data.build !== build) { location.reload(); return; }
        build = data.build;
        if (docked) offerReload(data);
        english = data.english || [];
        show(data.problems || []);
      }, function () {})
      .finally(function () { setTimeout(poll, 1000); });
  }
  poll();
})();
