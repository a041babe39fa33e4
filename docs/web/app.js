// Camelot odds: the forms build a link (#page?key=value...), and the library answers it.
// All rules and arithmetic are in Python (camelot_rules.front.cli.answer_link runs the same code as
// the `camelot-rules` command); this file only moves values between the forms and the link.
"use strict";

const $ = (sel) => document.querySelector(sel);
const timings = { start: performance.now(), ready_ms: null, first_answer_ms: null, answers_ms: [] };
window.camelotTimes = timings; // read by the browser test and benchmarks/bench_web.py

let answerLink = null; // the Python function, once loaded
let pending = null; // a link asked for before Python was ready

function forms() {
  return Array.from(document.querySelectorAll("form[data-page]"));
}

function showTab(page) {
  for (const form of forms()) form.hidden = form.dataset.page !== page;
  for (const b of document.querySelectorAll("#tabs button")) {
    b.setAttribute("aria-current", b.dataset.tab === page ? "page" : "false");
  }
}

// "#siege?cards=5,4&excalibur=1" -> ["siege", {cards: "5,4", excalibur: "1"}]
function parseLink(hash) {
  const text = hash.replace(/^#/, "");
  const q = text.indexOf("?");
  const page = decodeURIComponent(q < 0 ? text : text.slice(0, q));
  const settings = {};
  if (q >= 0) {
    for (const part of text.slice(q + 1).split("&")) {
      if (!part) continue;
      const eq = part.indexOf("=");
      const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      settings[key] = eq < 0 ? "" : decodeURIComponent(part.slice(eq + 1));
    }
  }
  return [page, settings];
}

function encode(value) {
  // as camelot_rules.front.links writes it: commas and colons stay readable
  return encodeURIComponent(value).replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%2F/g, "/");
}

function formToLink(form) {
  const parts = [];
  for (const el of form.elements) {
    if (el.matches("select[data-flags]")) {
      if (el.value) parts.push(`${encode(el.value)}=1`);
      continue;
    }
    if (!el.name) continue;
    if (el.type === "checkbox") {
      if (el.checked) parts.push(`${encode(el.name)}=1`);
      continue;
    }
    let value = el.value.trim();
    if (el.hasAttribute("data-list")) value = value.split(/[\s,]+/).filter(Boolean).join(",");
    if (value !== "") parts.push(`${encode(el.name)}=${encode(value)}`);
  }
  if ($("#lang").value) parts.push(`lang=${encode($("#lang").value)}`);
  return `#${form.dataset.page}` + (parts.length ? "?" + parts.join("&") : "");
}

function linkToForm(page, settings) {
  const form = document.querySelector(`form[data-page="${CSS.escape(page)}"]`);
  if (!form) return;
  for (const el of form.elements) {
    if (el.matches("select[data-flags]")) {
      const flag = Array.from(el.options).find((o) => o.value && settings[o.value] === "1");
      el.value = flag ? flag.value : "";
    } else if (el.type === "checkbox") {
      el.checked = settings[el.name] === "1";
    } else if (el.name && el.type !== "file") {
      el.value = settings[el.name] ?? (el.tagName === "SELECT" ? el.options[0].value : "");
    }
  }
}

function show(code, text, link, ms) {
  $("#answer").hidden = false;
  const result = $("#result");
  result.textContent = text;
  result.className = code === 2 ? "error" : code === 1 ? "warning" : "";
  const href = location.href.split("#")[0] + link;
  const a = $("#permalink");
  a.href = link;
  a.textContent = href;
  $("#timing").textContent = ms === null ? "" : `answered in ${(ms / 1000).toFixed(2)} s`;
  markFields(code === 2 ? text : "");
}

// Outline the fields a message names ("cards=3,x: ...", "draws is needed", "--kay-reserve").
function markFields(message) {
  for (const el of document.querySelectorAll("form [name]")) {
    const n = el.name;
    const named =
      message.includes(`${n}=`) || message.includes(` ${n} is `) || message.includes(`--${n}`);
    if (message && named) el.setAttribute("aria-invalid", "true");
    else el.removeAttribute("aria-invalid");
  }
}

function answer(link) {
  const [page] = parseLink(link);
  if (!answerLink) {
    pending = link;
    return;
  }
  $("#status").textContent = "Working\u2026";
  // let the browser paint "Working..." before Python holds the page
  requestAnimationFrame(() =>
    setTimeout(() => {
      const t0 = performance.now();
      let code, text;
      try {
        const out = answerLink(link);
        [code, text] = out.toJs();
        out.destroy();
      } catch (err) {
        code = 2;
        text = `Sorry, the calculation failed: ${err.message.split("\n").filter(Boolean).pop()}`;
      }
      const ms = performance.now() - t0;
      if (timings.first_answer_ms === null) timings.first_answer_ms = performance.now() - timings.start;
      timings.answers_ms.push(ms);
      show(code, text, link, ms);
      $("#status").textContent = code === 2 ? "Please check the input: " + page : "Ready.";
      document.body.dataset.answered = String(timings.answers_ms.length);
    }, 0),
  );
}

function openLink() {
  const hash = location.hash;
  if (!hash || hash === "#") {
    showTab("siege");
    return;
  }
  const [page, settings] = parseLink(hash);
  showTab(page); // a page without a form here (e.g. quest-grail) shows its answer alone
  linkToForm(page, settings);
  $("#lang").value = ["ja", "es", "en"].includes(settings.lang) ? settings.lang : "";
  answer(hash);
}

function wire() {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => {
      showTab(b.dataset.tab);
      $("#answer").hidden = true;
    });
  }
  for (const form of forms()) {
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const link = formToLink(form);
      if (location.hash === link) answer(link);
      else location.hash = link; // -> hashchange -> answer
    });
  }
  $("#logfile").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (file) $('form[data-page="verify"] textarea[name="text"]').value = await file.text();
  });
  $("#copy").addEventListener("click", async () => {
    const url = $("#permalink").textContent;
    try {
      await navigator.clipboard.writeText(url);
      $("#copy").textContent = "Copied";
    } catch {
      window.getSelection().selectAllChildren($("#permalink"));
    }
  });
  $("#lang").addEventListener("change", () => {
    const form = forms().find((f) => !f.hidden);
    if (form && !$("#answer").hidden) form.requestSubmit(); // the same question, new language
  });
  window.addEventListener("hashchange", openLink);
}

async function start() {
  wire();
  openLink();
  // the wheels download while Pyodide starts
  const listing = fetch("wheels.json").then((r) => r.json());
  const get = (url) => fetch(url).then((r) => r.arrayBuffer());
  const wheels = listing.then((l) => Promise.all(l.wheels.map((w) => get(`wheels/${w}`))));
  const catalogs = listing.then((l) =>
    Promise.all(Object.entries(l.catalogs || {}).map(async ([lang, url]) => [lang, await get(url)])),
  );
  const startup = fetch("start.py").then((r) => r.text());
  const py = await loadPyodide({ indexURL: "pyodide/" });
  timings.pyodide_ms = performance.now() - timings.start;
  for (const data of await wheels) py.unpackArchive(data, "wheel");
  // the compiled translations beside the wheel's .po files (read without Babel)
  const pkg = py.runPython(
    "import importlib.util; importlib.util.find_spec('camelot_rules').submodule_search_locations[0]",
  );
  for (const [lang, data] of await catalogs) {
    py.FS.writeFile(`${pkg}/locale/${lang}/LC_MESSAGES/camelot_rules.mo`, new Uint8Array(data));
  }
  timings.wheels_ms = performance.now() - timings.start;
  py.runPython(await startup); // docs/web/start.py: defines answer_link
  answerLink = py.globals.get("answer_link");
  timings.ready_ms = performance.now() - timings.start;
  $("#status").textContent = `Ready (Python loaded in ${(timings.ready_ms / 1000).toFixed(1)} s).`;
  document.body.dataset.ready = "1";
  if (pending) answer(pending);
}

start().catch((err) => {
  $("#status").textContent = `Could not start Python in this browser: ${err.message}`;
  $("#status").className = "error";
});
