// The copy button of a code block copies what a reader types: in a block of Python prompts
// (">>> "), the code after ">>> " and "... " without the prompts, and no output. Material for
// MkDocs copies the text of the nearest element with a data-copy attribute when there is one.
(function () {
  "use strict";

  function codeOnly(text) {
    var lines = text.split("\n");
    var prompted = lines.some(function (line) {
      return line.startsWith(">>> ") || line === ">>>";
    });
    if (!prompted) {
      return null;
    }
    var kept = [];
    lines.forEach(function (line) {
      if (line.startsWith(">>> ") || line.startsWith("... ")) {
        kept.push(line.slice(4));
      } else if (line === ">>>" || line === "...") {
        kept.push("");
      }
    });
    return kept.join("\n");
  }

  function mark() {
    document.querySelectorAll(".highlight pre > code").forEach(function (code) {
      var copied = codeOnly(code.textContent);
      if (copied !== null) {
        code.parentElement.setAttribute("data-copy", copied);
      }
    });
  }

  if (typeof document$ !== "undefined") {
    document$.subscribe(mark);
  } else {
    document.addEventListener("DOMContentLoaded", mark);
  }
})();
