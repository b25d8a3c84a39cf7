// The offline engine: Pyodide running the project's own Python engine and games (the bundle
// paciencia/web/routes/offline.py makes), in a Web Worker so that the board never waits on it.
// Messages: {n, op, args} in, {n, ok, value} out; while it boots, {progress: step} out (how
// far it is: "runtime", "engine", then the answer).

let py = null;
let browser = null;

/** Each step of the start, as absolute times (ms since the epoch, this worker's clock): the page
 * turns them into performance measures of its own (``offline:<step>``), for the benches. */
const steps = [];
const at = () => performance.timeOrigin + performance.now();

async function step(name, work) {
  const start = at();
  try {
    return await work();
  } finally {
    steps.push({ name, start, end: at() });
  }
}

/** The wasm compiled (and instantiated) inside loadPyodide: timed on its own. */
function timeCompile() {
  for (const fn of ["instantiateStreaming", "instantiate"]) {
    const real = WebAssembly[fn];
    WebAssembly[fn] = function (source, imports) {
      const start = at();
      const done = real.call(WebAssembly, source, imports);
      if (imports && imports.env) done.then(() => steps.push({ name: "compile", start, end: at() }), () => undefined);
      return done;
    };
  }
}

const SNAPSHOTS = "paciencia-snapshot"; // one memory snapshot: the current bundle's (engine.js names it)

/** The engine's Python, imported and warmed (a little of every game played and forgotten): what
 * the snapshot holds (it keeps no JS reference). */
const IMPORT = "import sys; sys.path.insert(0, '/offline'); import paciencia.offline.browser as b; b.warm()";

async function unpack(engine) {
  const zip = await (await fetch(engine)).arrayBuffer();
  // The files too (a snapshot keeps the memory, not the file system): a later import reads them.
  py.unpackArchive(zip, "zip", { extractDir: "/offline" });
}

/** Pyodide from the memory snapshot kept for this bundle (its engine imported already), or,
 * where none is kept, started as ever and the snapshot made for the next start. */
async function boot({ pyodide, engine, snapshot: key }) {
  timeCompile();
  self.postMessage({ progress: "runtime" });
  const { loadPyodide } = await step("import", () => import(`${pyodide}pyodide.mjs`));
  const kept = await caches.open(SNAPSHOTS).then((c) => c.match(key)).catch(() => null);
  if (kept) {
    try {
      const memory = new Uint8Array(await step("snapshotRead", () => kept.arrayBuffer()));
      py = await step("loadPyodide", () => loadPyodide({ indexURL: pyodide, _loadSnapshot: memory }));
      self.postMessage({ progress: "engine" });
      await step("bundle", () => unpack(engine));
      // The snapshot froze the random module's state: each start draws its own.
      py.runPython("import random; random.seed()");
      browser = await step("engine", () => py.pyimport("paciencia.offline.browser"));
      return steps;
    } catch (e) {
      await caches.open(SNAPSHOTS).then((c) => c.delete(key)); // unusable: made again below
    }
  }
  py = await step("loadPyodide", () => loadPyodide({ indexURL: pyodide, _makeSnapshot: true }));
  self.postMessage({ progress: "engine" });
  await step("bundle", () => unpack(engine));
  await step("engine", () => py.runPython(IMPORT));
  await step("snapshotMake", async () => {
    const memory = py.makeMemorySnapshot();
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(key, new Response(memory, { headers: { "content-type": "application/octet-stream" } }));
  }).catch(() => undefined); // no room: the next start is a plain one again
  browser = py.pyimport("paciencia.offline.browser");
  return steps;
}

const ops = {
  boot,
  async words({ locale, url }) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`words ${res.status}`);
    browser.add_catalog(locale, new Uint8Array(await res.arrayBuffer()));
  },
  load: ({ record }) => browser.load(JSON.stringify(record)),
  request: ({ method, url, body, lang }) =>
    JSON.parse(browser.request(method, url, body === undefined ? "" : JSON.stringify(body), lang)),
  records: () => JSON.parse(browser.records()),
  say: ({ key, lang }) => browser.say(key, lang),
};

self.onmessage = async (ev) => {
  const { n, op, args } = ev.data;
  try {
    self.postMessage({ n, ok: true, value: await ops[op](args || {}) });
  } catch (e) {
    self.postMessage({ n, ok: false, value: String(e && e.message ? e.message : e) });
  }
};
