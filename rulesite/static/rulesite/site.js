/* Rulesite page behaviour, added on top of pages that work without it:
   - copy-link controls copy a rule's absolute permalink instead of following it;
   - the rule a URL fragment points to is marked (also after a redirect). */
(function () {
  "use strict";

  function markTarget() {
    var previous = document.querySelectorAll(".is-target");
    for (var i = 0; i < previous.length; i++) {
      previous[i].classList.remove("is-target");
    }
    var id = "";
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch (error) {
      return;
    }
    var target = id && document.getElementById(id);
    if (target) {
      target.classList.add("is-target");
    }
  }

  function announce(link, message) {
    var status = document.querySelector(".copy-status");
    if (status) {
      status.textContent = message;
    }
    var label = link.firstChild;
    if (label && label.nodeType === Node.TEXT_NODE) {
      var original = label.nodeValue;
      label.nodeValue = "Copied";
      link.classList.add("is-copied");
      window.setTimeout(function () {
        label.nodeValue = original;
        link.classList.remove("is-copied");
      }, 2000);
    }
  }

  function onClick(event) {
    var link = event.target.closest ? event.target.closest("a[data-copy-link]") : null;
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey ||
        event.shiftKey || event.altKey) {
      return;
    }
    if (!navigator.clipboard || !window.isSecureContext) {
      return; // no clipboard: the link still leads to the permalink
    }
    event.preventDefault();
    var url = link.href;
    navigator.clipboard.writeText(url).then(function () {
      announce(link, "Link copied: " + url);
    }, function () {
      window.location.href = url;
    });
  }

  function start() {
    var links = document.querySelectorAll("a[data-copy-link]");
    for (var i = 0; i < links.length; i++) {
      var name = links[i].textContent.replace(/\s+/g, " ").trim();
      links[i].title = "Copy " + name.replace(/^Link/, "link");
    }
    markTarget();
  }

  document.addEventListener("click", onClick);
  window.addEventListener("hashchange", markTarget);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
