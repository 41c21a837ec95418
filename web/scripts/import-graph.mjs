// Counts the imports between features and the import cycles in src, and
// fails (exit 1) when there is any: `npm run lint` runs it after ESLint.
//
// ESLint's import-x/no-cycle follows value imports only; this follows every
// static import and re-export, type-only ones included (a cycle of types is
// still two modules that cannot be understood, or moved, one without the
// other). Dynamic import() is left out of cycles: a page loaded lazily may
// import what loads it. Imports are read and resolved by TypeScript itself.
//
// Usage: node scripts/import-graph.mjs [--list]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');
const list = process.argv.includes('--list');

const files = [];
(function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
})(src);

const options = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowArbitraryExtensions: true };

/** target resolves a specifier to a file under src, or returns null (a package, or a file outside src). */
function target(specifier, from) {
  if (!specifier.startsWith('.')) return null;
  const resolved = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule?.resolvedFileName;
  // Assets (CSS modules, JSON) resolve to themselves.
  const plain = resolve(dirname(from), specifier);
  const path = resolved ?? (existsSync(plain) && statSync(plain).isFile() ? plain : null);
  return path && path.startsWith(src + sep) ? path : null;
}

const feature = (path) => {
  const parts = relative(src, path).split(sep);
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : null;
};

const edges = new Map(); // static imports (type-only included), for cycles
const crossing = []; // imports from one feature into another (dynamic ones included)
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
    const to = target(ref.fileName, file);
    if (!to) continue;
    const dynamic = /import\s*\(\s*$/.test(text.slice(Math.max(0, ref.pos - 20), ref.pos - 1));
    if (!dynamic) out.push(to);
    const a = feature(file);
    const b = feature(to);
    if (a && b && a !== b) crossing.push({ pair: `${a} -> ${b}`, line: `${relative(src, file)} -> ${relative(src, to)}` });
  }
  edges.set(file, out);
}

// Tarjan's strongly connected components: every component of more than one
// module (or a module importing itself) is a cycle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
let next = 0;
function connect(v) {
  index.set(v, next);
  low.set(v, next);
  next++;
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) !== index.get(v)) return;
  const component = [];
  let w;
  do {
    w = stack.pop();
    onStack.delete(w);
    component.push(w);
  } while (w !== v);
  if (component.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(component);
}
for (const file of files) if (!index.has(file)) connect(file);

const pairs = new Set(crossing.map((c) => c.pair));
console.log(
  `import-graph: ${files.length} modules; ${crossing.length} imports between features (${pairs.size} pairs); ${cycles.length} import cycles`,
);
for (const cycle of cycles) console.log(`  cycle: ${cycle.map((f) => relative(src, f)).join(' → ')}`);
if (list) for (const c of crossing) console.log(`  ${c.line}`);
else if (crossing.length > 0) console.log('  (--list names them; ESLint names each at its import)');
process.exit(cycles.length > 0 || crossing.length > 0 ? 1 : 0);
