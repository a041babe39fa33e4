// Camelot odds: the forms build a link (#page?key=value...), and the library answers it.
// All rules and arithmetic are in Python (camelot_rules.front.web.answer runs the same code as
// the `camelot-rules` command); this file moves values between the forms and the link, lays
// the answer out, starts Python, and speaks the player's language (strings.js, one table per
// language, built from strings.json).
"use strict";

const $ = (sel) => document.querySelector(sel);
const STRINGS = self.CAMELOT_STRINGS;
const LANGUAGES = ["en", "ja", "es"];
const LANGUAGE_NAMES = { en: "English", ja: "日本語", es: "Español" };
const FOLD_ROWS = 12; // a longer table is folded under "All n rows"
const LINK_MOST = 2000; // characters: a longer link (a whole play log) is offered as a file
const LOG_PAGES = ["verify", "advise"]; // pages whose link carries a play log (text=...)
const SLOW_S = 20; // seconds without progress before the page says it is still loading
const GIVE_UP_S = 90; // ... and before it says that Python did not start

const times = { start: performance.now(), ready_ms: null, first_answer_ms: null, answers_ms: [] };
window.camelotTimes = times; // read by the browser tests and benchmarks/bench_web.py

const state = {
  lang: "en",
  status: { key: "status.loading", params: {}, kind: "" },
  site: null, // site.json: the build, the files, the published address
  answerJson: null, // the Python function, once loaded
  pending: null, // a link asked for before Python was ready
  shown: null, // {link, result, ms}: the answer on screen (asked again on a language switch)
  catalogs: new Set(), // languages whose texts are unpacked
  progress: {}, // path -> {loaded, total, done}: downloads the service worker reports
  lastProgress: performance.now(),
  stage: "what.files",
  py: null,
  packageDir: null,
};

// ---------------------------------------------------------------- the page's own words

function t(key, params = {}) {
  const table = STRINGS[state.lang] || STRINGS.en;
  const text = table[key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

function applyStrings() {
  document.documentElement.lang = state.lang;
  document.title = t("app.name");
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-eg]")) {
    el.placeholder = t("eg") + t(el.dataset.eg);
  }
  for (const el of document.querySelectorAll("[data-ph]")) el.placeholder = t(el.dataset.ph);
  for (const el of document.querySelectorAll("[data-t-aria]")) {
    el.setAttribute("aria-label", t(el.dataset.tAria));
  }
  $("#lang").value = state.lang;
  renderStatus();
}

function chooseLanguage(lang, { save = false } = {}) {
  if (!LANGUAGES.includes(lang) || lang === state.lang) return false;
  state.lang = lang;
  if (save) {
    try {
      localStorage.setItem("camelot-lang", lang);
    } catch {
      // private mode: the choice lasts for this visit
    }
  }
  applyStrings();
  return true;
}

function preferredLanguage() {
  try {
    const saved = localStorage.getItem("camelot-lang");
    if (LANGUAGES.includes(saved)) return saved;
  } catch {
    // no storage: the browser's languages decide
  }
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

// ---------------------------------------------------------------- status line

function setStatus(key, params = {}, kind = "") {
  state.status = { key, params, kind };
  renderStatus();
}

function renderStatus() {
  const { key, params, kind } = state.status;
  const shown = { ...params };
  if (shown.what) shown.what = t(shown.what);
  if (shown.lang) shown.lang = LANGUAGE_NAMES[shown.lang] || shown.lang;
  let text = t(key, shown);
  if (state.noWorker && (key === "status.ready" || key === "status.answered")) {
    text += " " + t("status.no_worker");
  }
  $("#status-text").textContent = text;
  $("#status").className = kind;
}

function showProgress() {
  const files = Object.values(state.progress);
  const total = files.reduce((n, f) => n + f.total, 0);
  const loaded = files.reduce((n, f) => n + Math.min(f.loaded, f.total), 0);
  const bar = $("#progress");
  if (!total || files.every((f) => f.done)) {
    bar.hidden = true;
    return;
  }
  bar.hidden = false;
  bar.value = loaded / total;
  setStatus("status.download", {
    what: state.stage,
    done: (loaded / 1e6).toFixed(1),
    total: (total / 1e6).toFixed(1),
  });
}

// ---------------------------------------------------------------- forms and links

function forms() {
  return Array.from(document.querySelectorAll("form[data-page]"));
}

function formOf(page) {
  return document.querySelector(`form[data-page="${CSS.escape(page)}"]`);
}

function showTab(page) {
  for (const form of forms()) form.hidden = form.dataset.page !== page;
  for (const b of document.querySelectorAll("#tabs button")) {
    const current = b.dataset.tab === page;
    b.setAttribute("aria-current", current ? "page" : "false");
    if (current) b.scrollIntoView({ block: "nearest", inline: "nearest" });
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

// A damaged link (bad %-encoding) is answered too: the library refuses it with a message, so
// the page never keeps the previous answer under the new address (issue 31).
function pageOf(link) {
  try {
    return parseLink(link);
  } catch {
    return ["", {}];
  }
}

function encode(value) {
  // as camelot_rules.front.links writes it: commas, colons and slashes stay readable
  return encodeURIComponent(value).replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%2F/g, "/");
}

function makeLink(page, settings) {
  const parts = Object.entries(settings).map(([k, v]) => `${encode(k)}=${encode(v)}`);
  return `#${page}` + (parts.length ? "?" + parts.join("&") : "");
}

// the link with the page's language in it (English is the default: no lang=)
function withLanguage(link) {
  const [page, settings] = pageOf(link);
  if (!page) return link; // damaged: left as it is, for the library to refuse
  delete settings.lang;
  if (state.lang !== "en") settings.lang = state.lang;
  return makeLink(page, settings);
}

function formToLink(form) {
  const settings = {};
  for (const el of form.elements) {
    if (el.matches("select[data-flags]")) {
      if (el.value) settings[el.value] = "1";
      continue;
    }
    if (!el.name) continue;
    if (el.type === "checkbox") {
      if (el.checked) settings[el.name] = "1";
      continue;
    }
    let value = el.value.trim();
    if (el.hasAttribute("data-list")) value = value.split(/[\s,]+/).filter(Boolean).join(",");
    if (value !== "") settings[el.name] = value;
  }
  return withLanguage(makeLink(form.dataset.page, settings));
}

function linkToForm(page, settings) {
  const form = formOf(page);
  if (!form) return;
  for (const el of form.elements) {
    if (el.matches("select[data-flags]")) {
      const flag = Array.from(el.options).find((o) => o.value && settings[o.value] === "1");
      el.value = flag ? flag.value : "";
    } else if (el.type === "checkbox") {
      el.checked = settings[el.name] === "1";
    } else if (el.name && el.type !== "file" && el.type !== "hidden") {
      el.value = settings[el.name] ?? (el.tagName === "SELECT" ? el.options[0].value : "");
    }
  }
}

// The label a player reads for a field of a page (a flag of the question select: its option).
function labelOf(page, key) {
  const form = formOf(page);
  if (!form) return key;
  const el = form.querySelector(`[name="${CSS.escape(key)}"]`);
  const label = el && el.closest("label");
  const span = label && label.querySelector("[data-t]");
  if (span) return span.textContent.trim();
  const option = form.querySelector(`select[data-flags] option[value="${CSS.escape(key)}"]`);
  return option ? option.textContent.trim() : key;
}

// ---------------------------------------------------------------- the answer

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

// A cell whose long fractions may wrap after their "/" on a phone (its text unchanged)
function cellOf(text) {
  const td = element("td");
  const parts = String(text).split("/");
  parts.forEach((part, k) => {
    if (k) td.append("/", element("wbr"));
    td.append(part);
  });
  return td;
}

function tableOf(block) {
  const table = element("table");
  const head = table.createTHead().insertRow();
  for (const cell of block.head) head.appendChild(element("th", "", cell));
  const body = table.createTBody();
  for (const row of block.rows) {
    const tr = body.insertRow();
    for (const cell of row) tr.appendChild(cellOf(cell));
  }
  const wrap = element("div", "table-wrap");
  wrap.appendChild(table);
  if (block.rows.length <= FOLD_ROWS) return wrap;
  const fold = element("details", "fold");
  fold.appendChild(element("summary", "", t("table.all", { n: block.rows.length })));
  fold.appendChild(wrap);
  return fold;
}

// A refused input in the player's words: the fields named by their labels, the page's id
// dropped, "x is needed" said as "Fill in x".
function errorText(page, result) {
  let text = result.blocks[0].text;
  const needed = text.match(/^(?:[\w-]+: )?([\w-]+) is needed$/);
  if (needed && result.named[needed[1]]) {
    return t("error.needed", { label: labelOf(page, result.named[needed[1]]) });
  }
  const tokens = Object.keys(result.named).sort((a, b) => b.length - a.length);
  for (const token of tokens) {
    const key = result.named[token];
    const label = key ? t("quote", { label: labelOf(page, key) }) : "";
    text = text.split(token).join(label);
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function markFields(page, fields) {
  for (const el of document.querySelectorAll("form [name]")) el.removeAttribute("aria-invalid");
  const form = formOf(page);
  for (const key of fields || []) {
    const el = form && form.querySelector(`[name="${CSS.escape(key)}"]`);
    if (el) el.setAttribute("aria-invalid", "true");
  }
}

function showAnswer(link, result, ms) {
  const [page, settings] = pageOf(link);
  state.shown = { link, result, ms };
  $("#answer").hidden = false;
  $("#answer-title").textContent = STRINGS.en[`title.${page}`] ? t(`title.${page}`) : page;
  const out = $("#result");
  const details = $("#details");
  out.replaceChildren();
  details.replaceChildren();
  out.className = result.code === 2 ? "error" : result.code === 1 ? "warning" : "";
  if (result.code === 2) {
    out.appendChild(element("p", "error-title", t("error.title")));
    out.appendChild(element("p", "verdict", errorText(page, result)));
  }
  for (const block of result.code === 2 ? [] : result.blocks) {
    if (block.kind === "verdict") out.appendChild(element("p", "verdict", block.text));
    else if (block.kind === "line") details.appendChild(element("p", "line", block.text));
    else if (block.kind === "table") details.appendChild(tableOf(block));
    else if (block.kind === "notes") {
      const notes = element("details", "notes");
      notes.appendChild(element("summary", "", t("notes.summary")));
      const list = element("ul");
      for (const line of block.lines) list.appendChild(element("li", "", line));
      notes.appendChild(list);
      details.appendChild(notes);
    }
  }
  $("#charts").innerHTML = result.charts.join(""); // SVG drawn by the library, text escaped
  markFields(page, result.code === 2 ? result.fields : []);
  showLink(link, page, settings);
  $("#timing").textContent = ms === null ? "" : t("timing", { s: (ms / 1000).toFixed(2) });
  const top = $("#answer").getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight * 0.5) $("#answer").scrollIntoView({ block: "start" });
}

function showLink(link, page, settings) {
  const base = state.site?.address || location.href.split("#")[0];
  const href = base + link;
  const tooLong = LOG_PAGES.includes(page) && href.length > LINK_MOST;
  if (state.shown?.result.code === 2) {
    $("#link-box").hidden = $("#too-long").hidden = true; // a refused question: no link
    return;
  }
  $("#link-box").hidden = tooLong;
  $("#too-long").hidden = !tooLong;
  if (tooLong) {
    $("#too-long-text").textContent = t("link.too_long", { n: href.length });
    $("#download").onclick = () => {
      const file = new Blob([settings.text || ""], { type: "text/plain" });
      const a = element("a");
      a.href = URL.createObjectURL(file);
      a.download = "play.log";
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    };
    return;
  }
  const a = $("#permalink");
  a.href = href;
  a.textContent = href;
  $("#copy").textContent = t("link.copy");
}

async function ensureCatalog(lang) {
  if (lang === "en" || state.catalogs.has(lang) || !state.site.catalogs[lang]) return;
  setStatus("status.texts", { lang });
  const data = new Uint8Array(await (await fetch(state.site.catalogs[lang])).arrayBuffer());
  const folder = `${state.packageDir}/locale/${lang}/LC_MESSAGES`;
  state.py.FS.mkdirTree(folder);
  state.py.FS.writeFile(`${folder}/camelot_rules.mo`, data);
  state.catalogs.add(lang);
}

async function ensureModule(name) {
  const wheel = state.site.lazy[name];
  if (!wheel) return false;
  setStatus("status.lazy", { what: name });
  const response = await fetch(wheel);
  if (!response.ok) {
    setStatus("status.lazy_missing", { what: name }, "error");
    return false;
  }
  state.py.unpackArchive(await response.arrayBuffer(), "wheel");
  return true;
}

// The package's files: unpacked on a first start; after a start from a memory snapshot
// (every module already imported) only if an answer asks for one.
async function ensurePackage() {
  if (state.packageUnpacked) return false;
  const data = await bytes(state.site.package);
  state.py.unpackArchive(data, "zip", { extractDir: state.sitePackages });
  state.packageUnpacked = true;
  return true;
}

async function compute(link) {
  const [, settings] = pageOf(link);
  await ensureCatalog(settings.lang || "en");
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = JSON.parse(state.answerJson(link));
    if (result.code !== 3) return result;
    const found = String(result.missing).startsWith("camelot_rules")
      ? await ensurePackage()
      : await ensureModule(result.missing);
    if (!found) return null;
  }
  return null;
}

// After the first answer of a first start: every module imported (a few at a time, between
// answers), then a snapshot of Python's memory for the next visit to start from.
function snapshotLater(build) {
  const list = state.py.globals.get("modules_to_warm")();
  const names = list.toJs();
  list.destroy();
  const warm = state.py.globals.get("warm_up");
  const step = () => {
    asking = asking.then(async () => {
      if (names.length) {
        warm(names.splice(0, 6).join(","));
        setTimeout(step, 0); // an answer asked meanwhile goes first
        return;
      }
      warm.destroy();
      try {
        const memory = state.py.makeMemorySnapshot(); // no JavaScript object is held by Python
        const cache = await caches.open(SNAPSHOTS);
        await cache.put(snapshotKey(build), new Response(memory));
        document.body.dataset.snapshot = "1";
      } catch {
        // no snapshot: the next visit starts Python afresh (slower, same answers)
      }
    });
  };
  setTimeout(step, 0);
}

let asking = Promise.resolve();

function answer(link) {
  if (!state.answerJson) {
    state.pending = link;
    return;
  }
  setStatus("status.working");
  // one question at a time; let the browser paint "Working..." before Python holds the page
  asking = asking.then(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(async () => {
            const t0 = performance.now();
            let result = null;
            try {
              result = await compute(link);
            } catch (err) {
              const last = String(err.message || err).split("\n").filter(Boolean).pop();
              setStatus("status.crash", { error: last }, "error");
            }
            if (result) {
              const ms = performance.now() - t0;
              if (times.first_answer_ms === null) {
                times.first_answer_ms = performance.now() - times.start;
              }
              times.answers_ms.push(ms);
              showAnswer(link, result, ms);
              // (the device's copy may have been confirmed before this answer: say so, not "answered")
              const okKey = state.saved ? "status.saved" : "status.answered";
              setStatus(result.code === 2 ? "status.input" : okKey, {}, result.code === 2 ? "error" : "");
              document.body.dataset.answered = String(times.answers_ms.length);
              if (times.answers_ms.length === 1) {
                keepForOffline();
                if (state.makeSnapshot) snapshotLater(state.site.build);
              }
            }
            resolve();
          }, 0),
        ),
      ),
  );
}

function openLink() {
  const hash = location.hash;
  if (!hash || hash === "#") {
    showTab(state.shown ? pageOf(state.shown.link)[0] || "siege" : "siege");
    return;
  }
  const [page, settings] = pageOf(hash);
  if (LANGUAGES.includes(settings.lang)) chooseLanguage(settings.lang);
  const link = withLanguage(hash);
  if (link !== hash) history.replaceState(null, "", link);
  showTab(page); // a page without a form here shows its answer alone
  linkToForm(page, settings);
  answer(link);
}

// "#verify" or "#advise" alone: a log too long for a link was answered (not in the address)
function bareLogPage(hash) {
  return LOG_PAGES.some((page) => hash === `#${page}`);
}

function wire() {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => {
      showTab(b.dataset.tab);
      $("#answer").hidden = true;
      state.shown = null;
      $("#question").open = true;
    });
  }
  for (const form of forms()) {
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const link = formToLink(form);
      if (LOG_PAGES.includes(form.dataset.page) && link.length > LINK_MOST) {
        history.replaceState(null, "", `#${form.dataset.page}`); // the log stays out of the address bar
        answer(link);
      } else if (location.hash === link) answer(link);
      else location.hash = link; // -> hashchange -> answer
    });
  }
  for (const input of document.querySelectorAll("input[type=file][data-log]")) {
    input.addEventListener("change", async (ev) => {
      const file = ev.target.files[0];
      if (file) input.form.querySelector('textarea[name="text"]').value = await file.text();
    });
  }
  $("#copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("#permalink").href);
      $("#copy").textContent = t("link.copied");
    } catch {
      window.getSelection().selectAllChildren($("#permalink"));
    }
  });
  $("#lang").addEventListener("change", () => {
    chooseLanguage($("#lang").value, { save: true });
    if (state.shown) {
      // the answer on screen, asked again in the new language
      const link = withLanguage(state.shown.link);
      if (location.hash && !bareLogPage(location.hash)) history.replaceState(null, "", link);
      answer(link);
    } else if (location.hash.length > 1 && !bareLogPage(location.hash)) {
      history.replaceState(null, "", withLanguage(location.hash));
    }
  });
  window.addEventListener("hashchange", openLink);
  let prompt = null;
  window.addEventListener("beforeinstallprompt", (ev) => {
    ev.preventDefault();
    prompt = ev;
    $("#install").hidden = false;
  });
  $("#install").addEventListener("click", async () => {
    $("#install").hidden = true;
    if (prompt) await prompt.prompt();
    prompt = null;
  });
}

// ---------------------------------------------------------------- offline: the service worker

const worker = navigator.serviceWorker;

async function useWorker() {
  if (!worker || !window.isSecureContext) return false;
  worker.addEventListener("message", (ev) => onWorkerMessage(ev.data));
  if (worker.controller) {
    // a later visit: the worker already serves this page; the browser checks for a new
    // version meanwhile (offline, that check fails at once and changes nothing)
    worker.register("sw.js").catch(() => undefined);
    return true;
  }
  try {
    await worker.register("sw.js");
  } catch {
    return false;
  }
  if (worker.controller) return true;
  setStatus("status.worker");
  // a first visit: the worker takes this page over as soon as it is active (clients.claim)
  return await new Promise((resolve) => {
    const done = (ok) => {
      clearTimeout(timer);
      resolve(ok);
    };
    const timer = setTimeout(() => done(Boolean(worker.controller)), 4000);
    worker.addEventListener("controllerchange", () => done(true), { once: true });
  });
}

function onWorkerMessage(message) {
  if (!message || typeof message !== "object") return;
  if (message.type === "progress") {
    const entry = state.progress[message.path];
    if (!entry) return; // not a file of Python's start
    entry.loaded = message.loaded;
    entry.done = Boolean(message.done);
    state.lastProgress = performance.now();
    if (!state.answerJson) showProgress();
    if (message.done) {
      times.downloads = { ...times.downloads, [message.path]: performance.now() - times.start };
      state.downloaded?.(message.path);
    }
  } else if (message.type === "missing") {
    if (!state.answerJson) {
      setStatus("status.missing", { file: message.path }, "error");
      state.failed = true;
    }
  } else if (message.type === "requests") {
    window.camelotWorkerRequests = message.urls; // read by the browser tests
  } else if (message.type === "kept") {
    if (!message.missing.length && state.status.key === "status.answered") setStatus("status.saved");
    state.saved = !message.missing.length;
    document.body.dataset.saved = state.saved ? "1" : "0";
  }
}

function keepForOffline() {
  if (worker && worker.controller) worker.controller.postMessage("keep-all");
}

// ---------------------------------------------------------------- Python

const SNAPSHOTS = "camelot-snapshot";

function snapshotKey(build) {
  return new URL(`snapshot?build=${build}`, location.href).href;
}

async function readSnapshot(build) {
  if (!self.caches) return null;
  try {
    const cache = await caches.open(SNAPSHOTS);
    const found = await cache.match(snapshotKey(build));
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function dropSnapshot(build) {
  try {
    await (await caches.open(SNAPSHOTS)).delete(snapshotKey(build));
  } catch {
    // nothing kept
  }
}

function watchdog() {
  const timer = setInterval(() => {
    if (state.answerJson || state.failed) {
      clearInterval(timer);
      return;
    }
    const waited = (performance.now() - times.start) / 1000;
    const still = (performance.now() - state.lastProgress) / 1000;
    if (waited > GIVE_UP_S && still > SLOW_S) {
      setStatus("status.timeout", { s: Math.round(waited), what: state.stage }, "error");
      clearInterval(timer);
    } else if (still > SLOW_S && state.status.key !== "status.slow") {
      setStatus("status.slow", { s: Math.round(waited), what: state.stage }, "warning");
    }
  }, 1000);
}

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.arrayBuffer();
}

async function startPython(controlled) {
  watchdog();
  const site = await (await fetch("site.json")).json();
  state.site = site;
  const snapshot = controlled ? await readSnapshot(site.build) : null;
  times.snapshot = Boolean(snapshot);
  for (const path of site.boot) state.progress[path] = { loaded: 0, total: site.sizes[path], done: false };
  // the interpreter and the standard library first; the package once they are in (it then
  // downloads while Python starts, instead of sharing the line with the interpreter)
  const first = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"];
  let go;
  const pkg = new Promise((resolve) => {
    let asked = false;
    go = () => {
      if (!asked) resolve(bytes(site.package));
      asked = true;
    };
    state.downloaded = () => {
      if (first.every((p) => state.progress[p]?.done)) go();
    };
  });
  if (!controlled) go(); // no progress to wait for
  const startup = snapshot ? null : fetch("start.py").then((r) => r.text());
  setStatus(snapshot ? "status.restoring" : "status.starting");
  state.stage = "what.python";
  const config = { indexURL: "pyodide/", lockFileContents: site.pyodide.lock };
  if (snapshot) config._loadSnapshot = snapshot;
  else if (controlled && self.caches) config._makeSnapshot = true;
  let py;
  try {
    py = await loadPyodide(config);
  } catch (err) {
    if (!snapshot) throw err;
    await dropSnapshot(site.build); // a snapshot this browser cannot use: start afresh
    location.reload();
    return;
  }
  state.py = py;
  if (!snapshot) go(); // at the latest now
  times.pyodide_ms = performance.now() - times.start;
  state.stage = "what.files";
  setStatus("status.library");
  state.sitePackages = py.runPython(
    "next(p for p in __import__('sys').path if p.endswith('site-packages'))",
  );
  state.packageDir = `${state.sitePackages}/camelot_rules`;
  if (!snapshot) {
    py.unpackArchive(await pkg, "zip", { extractDir: state.sitePackages });
    state.packageUnpacked = true;
    times.package_ms = performance.now() - times.start;
    py.runPython(await startup); // docs/web/start.py: defines answer_json
    state.makeSnapshot = Boolean(config._makeSnapshot);
  }
  state.answerJson = py.globals.get("answer_json");
  times.ready_ms = performance.now() - times.start;
  $("#progress").hidden = true;
  setStatus("status.ready", { s: (times.ready_ms / 1000).toFixed(1) });
  document.body.dataset.ready = "1";
  if (state.pending) answer(state.pending);
}

async function start() {
  chooseLanguage(preferredLanguage());
  applyStrings();
  wire();
  openLink();
  const controlled = await useWorker();
  times.worker = controlled;
  times.worker_ms = performance.now() - times.start;
  state.noWorker = !controlled; // it works, online only: the status line says so
  await startPython(controlled);
}

start().catch((err) => {
  if (state.failed) return; // the message already says what is missing
  setStatus("status.failed", { error: err.message || String(err) }, "error");
});
