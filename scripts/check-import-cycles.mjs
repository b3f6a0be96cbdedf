// `npm run lint`'s last step: fails on any import cycle between the repository's own modules, type-only imports
// included. eslint's import/no-cycle skips `import type` by design (it vanishes at run time), but a type cycle
// still ties two modules into one (decision 0045). Imports resolve as TypeScript resolves them (each workspace's
// tsconfig, `~/` paths included); packages reached through node_modules are not followed.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root })
  .toString()
  .split('\n')
  .filter((file) => /\.(ts|tsx|mts|js|mjs)$/.test(file) && !file.endsWith('.d.ts') && !file.endsWith('.d.mts'))
  .filter((file) => !/(^|\/)(node_modules|dist|build|\.react-router)\//.test(file))
  .map((file) => path.join(root, file));
const known = new Set(files);

/** Compiler options of the nearest tsconfig.json above a file (the root's base for files outside a workspace). */
const optionsByDirectory = new Map();
function compilerOptions(file) {
  let directory = path.dirname(file);
  while (directory.startsWith(root)) {
    if (optionsByDirectory.has(directory)) return optionsByDirectory.get(directory);
    const config = path.join(directory, 'tsconfig.json');
    if (ts.sys.fileExists(config)) {
      const parsed = ts.getParsedCommandLineOfConfigFile(
        config,
        {},
        { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
      );
      const options = { ...parsed.options, allowJs: true };
      optionsByDirectory.set(directory, options);
      return options;
    }
    directory = path.dirname(directory);
  }
  return { moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true, allowImportingTsExtensions: true };
}

/** Every module a file imports or re-exports, type-only ones included, as paths of the repository's own files. */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file), true, true);
  const targets = [];
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, compilerOptions(file), ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) continue;
    const target = ts.sys.realpath(resolved.resolvedFileName);
    if (known.has(target) && target !== file) targets.push(target);
  }
  return targets;
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const indices = new Map();
const lowLinks = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(file) {
  indices.set(file, index);
  lowLinks.set(file, index);
  index++;
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file)) {
    if (!indices.has(target)) {
      visit(target);
      lowLinks.set(file, Math.min(lowLinks.get(file), lowLinks.get(target)));
    } else if (onStack.has(target)) {
      lowLinks.set(file, Math.min(lowLinks.get(file), indices.get(target)));
    }
  }
  if (lowLinks.get(file) !== indices.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1) cycles.push(component);
}
for (const file of files) if (!indices.has(file)) visit(file);

if (cycles.length > 0) {
  for (const cycle of cycles) {
    const members = new Set(cycle);
    console.error('Import cycle (type-only imports count):');
    for (const file of cycle.sort()) {
      const within = graph.get(file).filter((target) => members.has(target));
      console.error(
        `  ${path.relative(root, file)} -> ${within.map((target) => path.relative(root, target)).join(', ')}`,
      );
    }
  }
  console.error(`${cycles.length} import cycle(s) found.`);
  process.exit(1);
}
console.log(`No import cycle among ${files.length} modules.`);
