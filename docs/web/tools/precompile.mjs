// Build step of docs/build_web.py (run with node): compile Python to bytecode with the very
// interpreter the page runs (Pyodide's CPython; the build machine's Python may be another
// version, and bytecode is tied to the version), and check that the library answers in it.
//
//   node precompile.mjs job.json
//
// job.json: {"pyodide": dir of Pyodide's files, "wheel": this project's wheel,
//            "start": docs/web/start.py, "catalogs": {lang: compiled .mo},
//            "links": [links to answer], "out": output dir}
// Writes into "out":
//   python_stdlib.zip   Pyodide's standard library, each module the page imports (while
//                       answering every link given) as bytecode only, the rest as source
//   camelot_rules.zip   the package as bytecode only (no .py, no .po catalogs, no widgets)
//   report.json         the modules imported, the answers' first lines, the timings
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.on("uncaughtException", (err) => {
  console.error(`precompile.mjs: ${err.message}`);
  process.exit(1);
});
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(job.pyodide, "pyodide.mjs")).href);
const t0 = performance.now();
// without the column ranges of tracebacks (PEP 657): a third less bytecode to download
const py = await loadPyodide({ indexURL: job.pyodide + "/", env: { PYTHONNODEBUGRANGES: "1" } });
const tLoaded = performance.now();
py.unpackArchive(new Uint8Array(fs.readFileSync(job.wheel)), "wheel");
py.FS.writeFile("/tmp/std.zip", new Uint8Array(fs.readFileSync(path.join(job.pyodide, "python_stdlib.zip"))));
py.FS.writeFile("/tmp/wheel.zip", new Uint8Array(fs.readFileSync(job.wheel)));
const pkg = py.runPython(
  "import importlib.util; importlib.util.find_spec('camelot_rules').submodule_search_locations[0]",
);
for (const [lang, mo] of Object.entries(job.catalogs)) {
  py.FS.writeFile(`${pkg}/locale/${lang}/LC_MESSAGES/camelot_rules.mo`, new Uint8Array(fs.readFileSync(mo)));
}
py.globals.set("LINKS", py.toPy(job.links));
py.globals.set("START", fs.readFileSync(job.start, "utf8"));
const report = py.runPython(String.raw`
import importlib.util, json, marshal, sys, time, zipfile

t = time.perf_counter()
scope = {"__name__": "__start__"}
exec(compile(START, "start.py", "exec"), scope)
started = time.perf_counter() - t
answers = {}
for link in LINKS:
    code, text = scope["answer_link"](link)
    answers[link] = [code, text.splitlines()[0] if text else ""]
answered = time.perf_counter() - t - started


def pyc(source, name):
    """Bytecode of a source file, hash-based and unchecked: used as is, whatever the file
    times (the page unpacks files with fresh times; a timestamp check would reject them)."""
    code = compile(source, name, "exec", dont_inherit=True, optimize=0)
    head = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little")
    return head + importlib.util.source_hash(source) + marshal.dumps(code)


STD = "/lib/python%d%d.zip" % sys.version_info[:2]
used = set()
for name, module in list(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(STD + "/"):
        used.add(origin[len(STD) + 1:])
std_in = zipfile.ZipFile("/tmp/std.zip")
compiled = []
with zipfile.ZipFile("/tmp/std-out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in std_in.infolist():
        data = std_in.read(info)
        if info.filename in used:
            out.writestr(info.filename + "c", pyc(data, info.filename))
            compiled.append(info.filename)
        else:
            out.writestr(info.filename, data)

wheel = zipfile.ZipFile("/tmp/wheel.zip")
kept = []
with zipfile.ZipFile("/tmp/pkg-out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in wheel.infolist():
        name = info.filename
        top = name.split("/")[0]
        if info.is_dir() or name.endswith((".po", ".pot", ".cfg", "/RECORD")):
            continue
        if top != "camelot_rules" and not top.endswith(".dist-info"):
            continue  # widgets/: ipywidgets has no place in the page
        data = wheel.read(info)
        if name.endswith(".py"):
            out.writestr(name + "c", pyc(data, name))
        else:
            out.writestr(name, data)
        kept.append(name)
json.dumps({
    "python": sys.version.split()[0],
    "started_s": round(started, 3),
    "answered_s": round(answered, 3),
    "stdlib_compiled": sorted(compiled),
    "package_files": kept,
    "answers": answers,
    "networkx_imported": "networkx.classes" in sys.modules,
})
`);
fs.mkdirSync(job.out, { recursive: true });
fs.writeFileSync(path.join(job.out, "python_stdlib.zip"), py.FS.readFile("/tmp/std-out.zip"));
fs.writeFileSync(path.join(job.out, "camelot_rules.zip"), py.FS.readFile("/tmp/pkg-out.zip"));
const out = JSON.parse(report);
out.load_s = Math.round(tLoaded - t0) / 1000;
fs.writeFileSync(path.join(job.out, "report.json"), JSON.stringify(out, null, 1) + "\n");
