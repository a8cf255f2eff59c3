/* The search box of the fortune_suite documentation site: plain JavaScript, nothing fetched from another host.
   The index (_static/search-index.js, written by fortune_suite.docs) is loaded as a script the first time the box is
   used, so search works from a static server and from file:// alike. A section matches when it holds every word
   typed; title matches rank first, then headings, then text. Enter opens the first result, Escape or a click
   elsewhere closes the list. */
(function () {
  "use strict";
  var MAX = 20;
  function setup(form) {
    var root = form.getAttribute("data-root") || "";
    var input = form.querySelector("input"), list = form.querySelector(".fs-search-results");
    var index = null, loading = false, pending = [];
    function load(then) {
      if (index) return then();
      pending.push(then);
      if (loading) return;
      loading = true;
      var s = document.createElement("script");
      s.src = root + "_static/search-index.js";
      s.onload = function () {
        index = window.FS_SEARCH_INDEX || {pages: [], sections: []};
        index.sections.forEach(function (x) {
          var p = index.pages[x.page];
          x.lt = p.title.toLowerCase(); x.lh = x.heading.toLowerCase(); x.lx = x.text.toLowerCase();
        });
        pending.splice(0).forEach(function (f) { f(); });
      };
      s.onerror = function () { show([], "the search index could not be loaded"); };
      document.head.appendChild(s);
    }
    function words(q) { return q.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; }); }
    function count(hay, w) { var n = 0, i = hay.indexOf(w); while (i >= 0 && n < 20) { n++; i = hay.indexOf(w, i + w.length); } return n; }
    function search(q) {
      var ws = words(q), hits = [];
      if (!ws.length) return hits;
      index.sections.forEach(function (x) {
        var score = 0;
        for (var i = 0; i < ws.length; i++) {
          var w = ws[i], t = x.lt.indexOf(w) >= 0, h = x.lh.indexOf(w) >= 0, n = count(x.lx, w);
          if (!t && !h && !n) return;
          score += (t ? 20 : 0) + (h ? 10 : 0) + n;
        }
        hits.push([score, x]);
      });
      hits.sort(function (a, b) { return b[0] - a[0]; });
      return hits.slice(0, MAX).map(function (h) { return h[1]; });
    }
    function snippet(x, ws) {
      var at = -1;
      for (var i = 0; i < ws.length && at < 0; i++) at = x.lx.indexOf(ws[i]);
      if (at < 0) return x.text.slice(0, 120);
      var a = Math.max(0, at - 50), sp = x.text.indexOf(" ", a);
      if (a > 0 && sp >= 0 && sp < at) a = sp + 1;                  // start at a word
      return (a > 0 ? "… " : "") + x.text.slice(a, at + 90) + (at + 90 < x.text.length ? " …" : "");
    }
    function show(hits, note) {
      list.textContent = "";
      var ws = words(input.value);
      if (note || !hits.length) {
        var li = document.createElement("li"); li.className = "fs-search-none";
        li.textContent = note || "no page holds " + ws.join(" and ");
        list.appendChild(li);
      }
      hits.forEach(function (x) {
        var p = index.pages[x.page], li = document.createElement("li"), a = document.createElement("a");
        a.href = root + p.href + (x.anchor ? "#" + x.anchor : "");
        var b = document.createElement("b"); b.textContent = p.title; a.appendChild(b);
        if (x.heading && x.heading !== p.title) a.appendChild(document.createTextNode(" › " + x.heading));
        var s = document.createElement("small"); s.textContent = snippet(x, ws); a.appendChild(s);
        li.appendChild(a); list.appendChild(li);
      });
      list.hidden = false;
    }
    function update() {
      if (!words(input.value).length) { list.hidden = true; list.textContent = ""; return; }
      load(function () { show(search(input.value)); });
    }
    input.addEventListener("input", update);
    input.addEventListener("focus", function () { load(function () {}); });
    input.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { input.value = ""; update(); }
      if (e.key === "Enter") {
        e.preventDefault();
        var first = list.querySelector("a");
        if (first) window.location.href = first.href;
      }
    });
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    document.addEventListener("click", function (e) { if (!form.contains(e.target)) list.hidden = true; });
    input.addEventListener("click", function () { if (list.childNodes.length) list.hidden = false; });
  }
  function start() { Array.prototype.forEach.call(document.querySelectorAll("form.fs-search"), setup); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
