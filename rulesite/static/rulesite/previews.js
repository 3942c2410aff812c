/* Previews of cross-links. Any link with data-xref="kind:key" shows a small
   tooltip (rule text, card summary, term definition, topic summary) on hover
   and on keyboard focus. The data comes from the JSON preview endpoint whose
   URL pattern the page puts on <body data-preview-url>. Without this script
   the links are plain links with a title. */
(function () {
  "use strict";

  var pattern = document.body.getAttribute("data-preview-url");
  if (!pattern || !window.fetch || !window.Promise) {
    return;
  }

  var SHOW_DELAY = 180;
  var HIDE_DELAY = 250;
  var cache = {};
  var tip = null;
  var current = null;
  var showTimer = 0;
  var hideTimer = 0;

  function linkFrom(node) {
    return node && node.closest ? node.closest("a[data-xref]") : null;
  }

  function urlFor(ref) {
    var split = ref.indexOf(":");
    return pattern
      .replace("KIND", encodeURIComponent(ref.slice(0, split)))
      .replace("KEY", encodeURIComponent(ref.slice(split + 1)));
  }

  function load(ref) {
    if (!cache[ref]) {
      cache[ref] = fetch(urlFor(ref), {headers: {Accept: "application/json"}})
        .then(function (response) { return response.ok ? response.json() : null; })
        .catch(function () { return null; });
    }
    return cache[ref];
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    node.className = className;
    node.textContent = text;
    return node;
  }

  function tooltip() {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "xref-preview";
      tip.className = "xref-preview";
      tip.setAttribute("role", "tooltip");
      tip.hidden = true;
      tip.addEventListener("mouseenter", function () { window.clearTimeout(hideTimer); });
      tip.addEventListener("mouseleave", scheduleHide);
      document.body.appendChild(tip);
    }
    return tip;
  }

  function fill(data) {
    var box = tooltip();
    box.textContent = "";
    box.appendChild(element("span", "xref-preview-title", data.title || ""));
    if (data.meta) {
      box.appendChild(element("span", "xref-preview-meta", data.meta));
    }
    if (data.text) {
      box.appendChild(element("p", "xref-preview-text", data.text));
    }
  }

  function place(link) {
    var box = tooltip();
    var rect = link.getBoundingClientRect();
    var width = box.offsetWidth;
    var height = box.offsetHeight;
    var viewport = document.documentElement.clientWidth;
    var left = Math.max(8, Math.min(rect.left, viewport - width - 8));
    var top = rect.bottom + 6;
    if (top + height > window.innerHeight && rect.top - height - 6 > 0) {
      top = rect.top - height - 6;
    }
    box.style.left = (left + window.scrollX) + "px";
    box.style.top = (top + window.scrollY) + "px";
  }

  function show(link) {
    var ref = link.getAttribute("data-xref");
    current = link;
    load(ref).then(function (data) {
      if (current !== link || !data) {
        return;
      }
      fill(data);
      tooltip().hidden = false;
      place(link);
      link.setAttribute("aria-describedby", tip.id);
    });
  }

  function hide() {
    window.clearTimeout(showTimer);
    window.clearTimeout(hideTimer);
    if (current) {
      current.removeAttribute("aria-describedby");
    }
    current = null;
    if (tip) {
      tip.hidden = true;
    }
  }

  function scheduleShow(link, delay) {
    window.clearTimeout(hideTimer);
    window.clearTimeout(showTimer);
    if (current === link && tip && !tip.hidden) {
      return;
    }
    showTimer = window.setTimeout(function () { show(link); }, delay);
  }

  function scheduleHide() {
    window.clearTimeout(showTimer);
    window.clearTimeout(hideTimer);
    hideTimer = window.setTimeout(hide, HIDE_DELAY);
  }

  /* The native title tooltip would double the preview: keep it as data. */
  var links = document.querySelectorAll("a[data-xref][title]");
  for (var i = 0; i < links.length; i++) {
    links[i].setAttribute("data-title", links[i].title);
    links[i].removeAttribute("title");
  }

  document.addEventListener("mouseover", function (event) {
    var link = linkFrom(event.target);
    if (link) {
      scheduleShow(link, SHOW_DELAY);
    }
  });
  document.addEventListener("mouseout", function (event) {
    var link = linkFrom(event.target);
    if (link && !link.contains(event.relatedTarget) && link !== document.activeElement) {
      scheduleHide();
    }
  });
  document.addEventListener("focusin", function (event) {
    var link = linkFrom(event.target);
    if (link) {
      scheduleShow(link, 0);
    } else if (current) {
      hide();
    }
  });
  document.addEventListener("focusout", function (event) {
    if (current && linkFrom(event.target) === current) {
      scheduleHide();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && current) {
      hide();
    }
  });
  window.addEventListener("resize", hide);
})();
