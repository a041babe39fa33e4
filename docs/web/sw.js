// Camelot odds: the service worker. It keeps every file of the page on the device, so a second
// visit and an offline reopen start from the device, and it downloads the large files as their
// gzip copies (a third of the bytes on any static host), unpacked here as they arrive and
// labelled with their type (the interpreter as application/wasm, compiled while it streams).
//
// docs/build_web.py fills in SITE: each file's hash, type and gzip size. Files are kept in one
// cache under keys that carry their hash, so a new version downloads only the files that
// changed. Nothing here goes to another host: only this site's own files are handled.
"use strict";

const SITE = {}; // filled in by docs/build_web.py
const FILES = "camelot-files";
const SNAPSHOTS = "camelot-snapshot"; // written by the page (app.js): Python's memory after start
const SCOPE = new URL(self.registration.scope);

function keyOf(path) {
  return new URL(`${path}?sha=${SITE.files[path].sha}`, SCOPE).href;
}

function pathOf(request) {
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  let path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (request.mode === "navigate" && (path === "" || path === "index.html")) path = "index.html";
  return path in SITE.files ? path : null;
}

async function tell(clientId, message) {
  const client = clientId ? await self.clients.get(clientId) : null;
  if (client) client.postMessage(message);
}

// The body as it arrives, counted (progress messages to the page), and unpacked when it is
// gzip (a host may have unpacked it already: then it is passed on as it is).
function counted(body, path, clientId, total) {
  const reader = body.getReader();
  let loaded = 0;
  let told = 0;
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        tell(clientId, { type: "progress", path, loaded, total, done: true });
        controller.close();
        return;
      }
      loaded += value.byteLength;
      if (Date.now() - told > 200) {
        told = Date.now();
        tell(clientId, { type: "progress", path, loaded, total });
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

async function gunzipped(stream) {
  const reader = stream.getReader();
  const first = await reader.read();
  const rest = new ReadableStream({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(first.value);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const gzip = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
  return gzip ? rest.pipeThrough(new DecompressionStream("gzip")) : rest;
}

async function download(path, clientId) {
  const info = SITE.files[path];
  const headers = { "Content-Type": info.type };
  if (info.gz && typeof DecompressionStream === "function") {
    const packed = await fetch(new URL(`${path}.gz`, SCOPE), { cache: "no-cache" });
    if (packed.ok && packed.body) {
      const body = await gunzipped(counted(packed.body, path, clientId, info.gz));
      return new Response(body, { headers });
    }
  }
  const plain = await fetch(new URL(path, SCOPE), { cache: "no-cache" });
  if (!plain.ok) throw new Error(`${path}: HTTP ${plain.status}`);
  const body = plain.body ? counted(plain.body, path, clientId, info.size) : null;
  return new Response(body, { headers });
}

// A file from the cache, else downloaded and kept. Offline and not kept: an answer at once
// that says which file is missing (and a message to the page), never a wait.
async function serve(path, clientId, event) {
  const cache = await caches.open(FILES);
  const kept = await cache.match(keyOf(path));
  if (kept) return kept;
  let response;
  try {
    response = await download(path, clientId);
  } catch (err) {
    tell(clientId, { type: "missing", path, why: String(err) });
    const text = `Not saved on this device yet, and the network is unreachable: ${path}`;
    return new Response(text, {
      status: 504,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Camelot-Missing": path },
    });
  }
  const [mine, theirs] = response.body ? response.body.tee() : [null, null];
  const keep = cache.put(keyOf(path), new Response(mine, { headers: response.headers }));
  event?.waitUntil(keep.catch(() => undefined));
  return new Response(theirs, { headers: response.headers });
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const path = pathOf(event.request);
  if (path === null) return; // not one of the page's files: the browser fetches it
  event.respondWith(serve(path, event.clientId || event.resultingClientId, event));
});

// Everything the page needs offline, kept now if it is not yet (the page asks once it has
// answered, so the first answer never waits for it). Lazy wheels only once used.
async function keepAll(clientId) {
  const cache = await caches.open(FILES);
  const missing = [];
  for (const path of Object.keys(SITE.files)) {
    if (SITE.lazy.includes(path) || (await cache.match(keyOf(path)))) continue;
    try {
      const response = await download(path, null);
      await cache.put(keyOf(path), response);
    } catch {
      missing.push(path);
    }
  }
  tell(clientId, { type: "kept", missing, build: SITE.build });
}

async function status(clientId) {
  const cache = await caches.open(FILES);
  const missing = [];
  for (const path of Object.keys(SITE.files)) {
    if (!SITE.lazy.includes(path) && !(await cache.match(keyOf(path)))) missing.push(path);
  }
  tell(clientId, { type: "status", missing, build: SITE.build });
}

self.addEventListener("message", (event) => {
  const clientId = event.source && event.source.id;
  if (event.data === "keep-all") event.waitUntil(keepAll(clientId));
  if (event.data === "status") event.waitUntil(status(clientId));
  if (event.data === "requests") {
    // every address this worker has fetched (the browser tests check they are all ours)
    const urls = performance.getEntriesByType("resource").map((e) => e.name);
    event.waitUntil(tell(clientId, { type: "requests", urls }));
  }
});

self.addEventListener("install", () => self.skipWaiting());

// This version's files only; the others' (and their memory snapshots) are deleted.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const wanted = new Set(Object.keys(SITE.files).map(keyOf));
      const cache = await caches.open(FILES);
      for (const request of await cache.keys()) {
        if (!wanted.has(request.url)) await cache.delete(request);
      }
      const snapshots = await caches.open(SNAPSHOTS);
      for (const request of await snapshots.keys()) {
        if (new URL(request.url).searchParams.get("build") !== SITE.build) {
          await snapshots.delete(request);
        }
      }
      await self.clients.claim();
    })(),
  );
});
