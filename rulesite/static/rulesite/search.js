/* Search boxes: suggestions while typing, and "/" to focus the search box.
   Enhances every form[data-suggest-url] on the page; without this script the
   forms still submit to the results page. The suggestions are an ARIA
   combobox: arrows move, Enter opens the highlighted result, Escape closes. */
(function () {
  "use strict";
  if (window.rulesiteSearch) {
    return; // loaded twice (header box and search page)
  }
  window.rulesiteSearch = true;

  var DELAY = 150;
  var LIMIT = 8;
  var KINDS = { rule: "Rule", card: "Card", topic: "Topic", term: "Glossary", ruling: "Ruling" };
  var counter = 0;

  function enhance(form) {
    var input = form.querySelector("input[name=q]");
    if (!input || !window.fetch) {
      return;
    }
    counter += 1;
    var listId = "search-suggestions-" + counter;
    var list = document.createElement("ul");
    var status = document.createElement("p");
    var timer = null;
    var pending = null;
    var items = [];
    var active = -1;

    list.id = listId;
    list.className = "search-suggestions";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", "Suggestions");
    list.hidden = true;
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    // Looks live in site.css (.search-suggestions), with the theme colours.
    form.classList.add("has-suggestions");
    form.appendChild(list);
    form.appendChild(status);

    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", listId);
    input.setAttribute("aria-expanded", "false");

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }

    function highlight(index) {
      active = index;
      for (var i = 0; i < items.length; i++) {
        var selected = i === index;
        items[i].setAttribute("aria-selected", selected ? "true" : "false");
      }
      if (index >= 0) {
        input.setAttribute("aria-activedescendant", items[index].id);
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function option(hit, index) {
      var item = document.createElement("li");
      var kind = document.createElement("span");
      item.id = listId + "-" + index;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      item.dataset.url = hit.web_url;
      item.textContent = hit.title;
      kind.className = "search-suggestion-kind";
      kind.textContent = " · " + (KINDS[hit.kind] || hit.kind);
      item.appendChild(kind);
      item.addEventListener("mousedown", function (event) {
        event.preventDefault(); // keep focus in the input until we navigate
        window.location.href = hit.web_url;
      });
      item.addEventListener("mousemove", function () {
        highlight(index);
      });
      return item;
    }

    function show(data) {
      list.textContent = "";
      items = [];
      var hits = data.results || [];
      for (var i = 0; i < hits.length; i++) {
        items.push(option(hits[i], i));
        list.appendChild(items[i]);
      }
      active = -1;
      if (!items.length) {
        close();
        status.textContent = "No suggestions";
        return;
      }
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      status.textContent = items.length + (items.length === 1 ? " suggestion" : " suggestions") +
        "; use the arrow keys to choose.";
    }

    function fetchSuggestions() {
      var query = input.value.trim();
      if (pending) {
        pending.abort();
        pending = null;
      }
      if (query.length < 2 || query.length > 200) {
        close();
        return;
      }
      var url = form.getAttribute("data-suggest-url") + "?" + new URLSearchParams({
        q: query, limit: String(LIMIT), prefix: "1"
      }).toString();
      pending = window.AbortController ? new AbortController() : null;
      fetch(url, { headers: { Accept: "application/json" }, signal: pending ? pending.signal : undefined })
        .then(function (response) {
          return response.ok ? response.json() : { results: [] };
        })
        .then(function (data) {
          if (input.value.trim() === query) {
            show(data);
          }
        })
        .catch(function () { /* aborted or offline: the form still works */ });
    }

    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(fetchSuggestions, DELAY);
    });

    input.addEventListener("keydown", function (event) {
      if (list.hidden) {
        if (event.key === "ArrowDown" && input.value.trim().length >= 2) {
          fetchSuggestions();
        }
        return;
      }
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        // -1 is the input itself: the arrows cycle through it and the options.
        var next = active + (event.key === "ArrowDown" ? 1 : -1);
        if (next < -1) {
          next = items.length - 1;
        } else if (next >= items.length) {
          next = -1;
        }
        highlight(next);
      } else if (event.key === "Enter" && active >= 0) {
        event.preventDefault();
        window.location.href = items[active].dataset.url;
      } else if (event.key === "Escape") {
        event.preventDefault();
        close();
      }
    });

    input.addEventListener("blur", function () {
      window.setTimeout(close, 100);
    });
  }

  function isTyping(target) {
    if (!target) {
      return false;
    }
    var tag = target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
  }

  function onShortcut(event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) {
      return;
    }
    var box = document.querySelector("main form[role=search] input[name=q]") ||
      document.querySelector("form[role=search] input[name=q]");
    if (box) {
      event.preventDefault();
      box.focus();
      box.select();
    }
  }

  function start() {
    var forms = document.querySelectorAll("form[data-suggest-url]");
    for (var i = 0; i < forms.length; i++) {
      enhance(forms[i]);
    }
  }

  document.addEventListener("keydown", onShortcut);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
