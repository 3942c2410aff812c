/* The oracle editor, improved: add player, board and step rows, keep the
   lists of player names and targets current, fill a known planet's data, and
   complete comma-separated card lists. Without this script the form still
   works: it starts with spare rows, and the server fills known planets. */
(function () {
  "use strict";

  var builder = document.getElementById("oracle-builder");
  if (!builder) {
    return;
  }

  function total(prefix) {
    return builder.querySelector("input[name='" + prefix + "-TOTAL_FORMS']");
  }

  function addRow(prefix) {
    var counter = total(prefix);
    var template = document.getElementById(prefix + "-template");
    var rows = builder.querySelector("[data-rows='" + prefix + "']");
    var max = builder.querySelector("input[name='" + prefix + "-MAX_NUM_FORMS']");
    if (!counter || !template || !rows) {
      return null;
    }
    var index = parseInt(counter.value, 10);
    if (max && index >= parseInt(max.value, 10)) {
      return null;
    }
    var html = template.innerHTML
      .replace(/__prefix__/g, String(index))
      .replace(/__number__/g, String(index + 1));
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var row = holder.firstElementChild;
    rows.appendChild(row);
    counter.value = String(index + 1);
    var first = row.querySelector("input, select");
    if (first) {
      first.focus();
    }
    return row;
  }

  // With this script rows are added one by one; the form's own button (which
  // posts to get more empty rows) is not needed.
  Array.prototype.forEach.call(builder.querySelectorAll("[data-no-js]"), function (button) {
    button.hidden = true;
  });
  Array.prototype.forEach.call(builder.querySelectorAll("[data-add]"), function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      addRow(button.getAttribute("data-add"));
    });
  });

  // The datalist of player names follows the names typed in the player rows.
  // Its id must stay unique: the Players fieldset once shared it, and emptying
  // "the list" wiped the player rows and the formset's management form.
  // The targets list offers the players and each unit of the unit rows
  // ("Bob/destroyer@rex"), as a target field takes them.
  var names = document.getElementById("oracle-player-names");
  var targets = document.getElementById("oracle-targets");
  function fill(list, values) {
    if (!list) {
      return;
    }
    var seen = {};
    list.textContent = "";
    values.forEach(function (value) {
      if (value && !seen[value]) {
        seen[value] = true;
        var option = document.createElement("option");
        option.value = value;
        list.appendChild(option);
      }
    });
  }
  function field(row, name) {
    var input = builder.querySelector("[name='" + row + "-" + name + "']");
    return input ? input.value.trim() : "";
  }
  // The id a system or planet field names: "Mecatol Rex (rex)" names "rex".
  function slug(text) {
    var named = /\(([a-z0-9][a-z0-9-]*)\)\s*$/.exec(text);
    if (named) {
      return named[1];
    }
    return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  }
  function unitTargets() {
    var found = [];
    Array.prototype.forEach.call(
      builder.querySelectorAll("input[name^='units-'][name$='-units']"),
      function (input) {
        var row = input.name.replace(/-units$/, "");
        var player = field(row, "player");
        var where = slug(field(row, "where"));
        input.value.split(",").forEach(function (item) {
          var unit = item.trim().toLowerCase().replace(/^\d+\s*[x\u00d7]?\s+/, "");
          if (player && unit) {
            found.push(player + "/" + (unit.indexOf("@") < 0 && where ? unit + "@" + where : unit));
          }
        });
      }
    );
    return found;
  }
  function refreshNames() {
    var players = Array.prototype.map.call(
      builder.querySelectorAll("input[name^='players-'][name$='-name']"),
      function (input) { return input.value.trim(); }
    );
    fill(names, players);
    fill(targets, players.concat(unitTargets()));
  }
  builder.addEventListener("change", function (event) {
    var name = event.target.name || "";
    if (/^players-\d+-name$|^units-\d+-/.test(name)) {
      refreshNames();
    }
  });

  // A planet the component database knows fills in its data (only the
  // values left empty), as the server does for a form sent without it.
  var planets = document.getElementById("oracle-planets");
  function fillPlanet(input) {
    if (!planets) {
      return;
    }
    var typed = input.value.trim().toLowerCase();
    var row = input.name.replace(/-planet$/, "");
    Array.prototype.forEach.call(planets.options, function (option) {
      if (option.value.toLowerCase() !== typed) {
        return;
      }
      ["resources", "influence", "trait", "specialty"].forEach(function (key) {
        var target = builder.querySelector("[name='" + row + "-" + key + "']");
        var value = option.getAttribute("data-" + key);
        if (target && value && !target.value) {
          target.value = value;
        }
      });
    });
  }
  builder.addEventListener("input", function (event) {
    if (/^planets-\d+-planet$/.test(event.target.name || "")) {
      fillPlanet(event.target);
    }
  });

  // A comma-separated list completes its last item: the input gets its own
  // datalist whose options are "what is typed so far, <card>".
  var multi = /-(hand|technologies)$|^scenario-laws$/;
  var ownLists = {};
  function complete(input) {
    var source = document.getElementById(input.getAttribute("data-source"));
    if (!source) {
      return;
    }
    var id = input.id + "-list";
    var list = ownLists[id];
    if (!list) {
      list = document.createElement("datalist");
      list.id = id;
      document.body.appendChild(list);
      ownLists[id] = list;
      input.setAttribute("list", id);
    }
    var value = input.value;
    var cut = value.lastIndexOf(",");
    var head = cut < 0 ? "" : value.slice(0, cut + 1) + " ";
    list.textContent = "";
    Array.prototype.forEach.call(source.options, function (option) {
      var item = document.createElement("option");
      item.value = head + option.value;
      item.textContent = option.textContent;
      list.appendChild(item);
    });
  }
  builder.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input.tagName === "INPUT" && multi.test(input.name || "") && input.getAttribute("list")) {
      if (!input.getAttribute("data-source")) {
        input.setAttribute("data-source", input.getAttribute("list"));
      }
      complete(input);
    }
  });
  builder.addEventListener("input", function (event) {
    var input = event.target;
    if (input.getAttribute && input.getAttribute("data-source")) {
      complete(input);
    }
  });
})();
