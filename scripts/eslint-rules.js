// The repository's own lint rules (plugin `kade`), for the boundaries a pattern on the import's text cannot see:
// - feature-boundaries: a module of shop-web/src/features/X imports nothing of features/Y (relative paths are
//   resolved first, so '../../orders/x' from features/admin/print is caught and '../orders/x' inside admin is not),
//   and the shared layers (components, hooks, lib, state, i18n) import no feature and not the app.
// - no-import-cycle: no module reaches itself again through its imports: static, re-exports, dynamic, and type-only
//   ones too (a circle of types is still two modules that cannot be understood or moved one without the other).
//   Imports are resolved by TypeScript with the repository's tsconfig, so '@kade/shared' is shared/src/index.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = path.join(ROOT, 'shop-web', 'src');
const FEATURES = path.join(WEB_SRC, 'features');
const SHARED_LAYERS = ['components', 'hooks', 'lib', 'state', 'i18n'];

/** The import specifiers of a module's source text: [specifier, node] for static, re-export and dynamic imports. */
function* importSpecifiers(node) {
  if ((node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node.source) {
    yield node.source;
  } else if (node.type === 'ImportExpression' && node.source.type === 'Literal' && typeof node.source.value === 'string') {
    yield node.source;
  }
}

/** `features/<name>` of a path inside shop-web/src/features, else undefined. */
function featureOf(file) {
  const relative = path.relative(FEATURES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

/** The top folder of a path inside shop-web/src (`app`, `components`, `features`, ...), else undefined. */
function webLayerOf(file) {
  const relative = path.relative(WEB_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'shop-web features do not import each other; the shared layers import no feature and not the app' },
    schema: [],
    messages: {
      crossFeature:
        "features/{{from}} imports features/{{to}}: features never import each other. Move what both need into src/components, src/hooks or src/lib, or let src/app pass it down.",
      sharedLayer: "src/{{from}} imports src/{{to}}: the shared layers (components, hooks, lib, state, i18n) sit under the features and the app.",
    },
  },
  create(context) {
    const file = context.filename;
    const feature = featureOf(file);
    const layer = webLayerOf(file);
    const check = (source) => {
      const spec = source.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const targetFeature = featureOf(target);
      if (feature !== undefined && targetFeature !== undefined && targetFeature !== feature) {
        context.report({ node: source, messageId: 'crossFeature', data: { from: feature, to: targetFeature } });
      }
      const targetLayer = webLayerOf(target);
      if (SHARED_LAYERS.includes(layer) && (targetLayer === 'features' || targetLayer === 'app')) {
        context.report({ node: source, messageId: 'sharedLayer', data: { from: layer, to: targetLayer } });
      }
    };
    return {
      ImportDeclaration: (node) => [...importSpecifiers(node)].forEach(check),
      ExportAllDeclaration: (node) => [...importSpecifiers(node)].forEach(check),
      ExportNamedDeclaration: (node) => [...importSpecifiers(node)].forEach(check),
      ImportExpression: (node) => [...importSpecifiers(node)].forEach(check),
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// no-import-cycle: one graph for the whole run, each module read and resolved once.

let compilerOptions;
function options() {
  if (!compilerOptions) {
    const configFile = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
    compilerOptions = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT).options;
  }
  return compilerOptions;
}
const resolutionCache = ts.createModuleResolutionCache(ROOT, (name) => name);

/** The import specifiers of a file: static imports (type-only too), re-exports and dynamic `import('...')`. */
function specifiersOf(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

const edges = new Map();
/** The repository's modules (not node_modules, not declarations) that `file` imports. */
function importsOf(file) {
  let found = edges.get(file);
  if (found) return found;
  found = [];
  edges.set(file, found);
  for (const spec of specifiersOf(file)) {
    const resolved = ts.resolveModuleName(spec, file, options(), ts.sys, resolutionCache).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport || resolved.extension === ts.Extension.Dts) continue;
    const target = path.resolve(resolved.resolvedFileName);
    if (target.startsWith(ROOT + path.sep) && !target.includes(`${path.sep}node_modules${path.sep}`) && !found.includes(target)) found.push(target);
  }
  return found;
}

/** The shortest way from `file` back to itself (the files in order, starting with `file`), or undefined. */
function cycleThrough(file, ignored) {
  const previous = new Map([[file, undefined]]);
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of importsOf(current)) {
      if (ignored(current, next)) continue;
      if (next === file) {
        const way = [];
        for (let at = current; at !== undefined; at = previous.get(at)) way.unshift(at);
        return way;
      }
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'no module imports itself again through its imports' },
    schema: [
      {
        type: 'object',
        properties: {
          // [from, to] pairs of repository-relative paths: an import edge left out of the graph, each with its reason
          allow: { type: 'array', items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 } },
        },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle: {{cycle}}. Move what both sides need into a module both import, or pass it in.' },
  },
  create(context) {
    const allowed = new Set((context.options[0]?.allow ?? []).map(([from, to]) => `${path.join(ROOT, from)}\0${path.join(ROOT, to)}`));
    const ignored = (from, to) => allowed.has(`${from}\0${to}`);
    const file = path.resolve(context.filename);
    return {
      Program(node) {
        const cycle = cycleThrough(file, ignored);
        if (cycle) {
          const names = [...cycle, file].map((each) => path.relative(ROOT, each));
          context.report({ node, messageId: 'cycle', data: { cycle: names.join(' -> ') } });
        }
      },
    };
  },
};

export default {
  meta: { name: 'kade' },
  rules: { 'feature-boundaries': featureBoundaries, 'no-import-cycle': noImportCycle },
};
