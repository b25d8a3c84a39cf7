// The offline engine: Pyodide running the project's own Python engine and games (the bundle
// paciencia/web/offline.py makes), in a Web Worker so that the board never waits on it.
// Messages: {n, op, args} in, {n, ok, value} out.

let py = null;
let browser = null;

async function boot({ pyodide, engine }) {
  const { loadPyodide } = await import(`${pyodide}pyodide.mjs`);
  py = await loadPyodide({ indexURL: pyodide });
  const zip = await (await fetch(engine)).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/offline" });
  py.runPython("import sys; sys.path.insert(0, '/offline')");
  browser = py.pyimport("paciencia.offline.browser");
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
