/* The oracle editor, improved: add player and step rows, keep the list of
   player names current, and complete comma-separated card lists. Without this
   script the form still works: it starts with spare rows. */
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
  var names = document.getElementById("oracle-player-names");
  function refreshNames() {
    if (!names) {
      return;
    }
    var seen = {};
    names.textContent = "";
    Array.prototype.forEach.call(
      builder.querySelectorAll("input[name^='players-'][name$='-name']"),
      function (input) {
        var value = input.value.trim();
        if (value && !seen[value]) {
          seen[value] = true;
          var option = document.createElement("option");
          option.value = value;
          names.appendChild(option);
        }
      }
    );
  }
  builder.addEventListener("change", function (event) {
    if (event.target.name && /^players-\d+-name$/.test(event.target.name)) {
      refreshNames();
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
