// The search box of a variant page: show only the clauses whose id or words contain every
// word typed (case does not matter). Plain JavaScript, no library, no network.
(function () {
  "use strict";
  var box = document.getElementById("search");
  if (!box) {
    return;
  }
  var clauses = Array.prototype.slice.call(document.querySelectorAll("section.clause"));
  var shown = document.getElementById("shown");
  var nothing = document.getElementById("nothing");

  function filter() {
    var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    var count = 0;
    clauses.forEach(function (clause) {
      var text = clause.getAttribute("data-search") || "";
      var match = words.every(function (word) { return text.indexOf(word) !== -1; });
      clause.hidden = !match;
      if (match) {
        count += 1;
      }
    });
    shown.textContent = words.length ? count + " of " + clauses.length + " clauses" : clauses.length + " clauses";
    nothing.hidden = count !== 0;
  }

  box.addEventListener("input", filter);
  filter();
})();
