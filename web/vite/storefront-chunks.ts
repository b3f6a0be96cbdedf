import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/**
 * The stylesheets of components that several pages share, the home and sign-in pages among them (an offer's card,
 * the group tree, the news list, a delivery time, the sign-in frame): a few hundred bytes, cheaper in the shell's
 * stylesheet than as files of their own, each a request with its headers (decision 0067).
 */
const SHELL_STYLES =
  /[\\/]app[\\/](components[\\/]DeliveryTime|features[\\/]catalog[\\/]catalog|features[\\/]content[\\/]NewsList|features[\\/]clients[\\/]AuthCard)\.module\.css$/;

/**
 * The client build's chunks (issue 17's budget; decision 0031). Left to itself the bundler cuts the code every
 * storefront page loads into some thirty small files, each a request with its own overhead. Two groups instead:
 * - `framework`: React, React DOM and React Router;
 * - `shell`: our modules that the root and the storefront's layout import (statically, at any depth): the header,
 *   footer, basket count, request layer and the ui/ components.
 * Route modules and what only they import stay chunks of their own, loaded with their page.
 */
export function storefrontChunks(appDirectory: string) {
  const shellRoots = [path.join(appDirectory, 'root.tsx'), path.join(appDirectory, 'layouts', 'default.tsx')];
  let shell: Set<string> | null = null;

  const closure = (graph: ModuleGraph): Set<string> => {
    const seen = new Set<string>();
    const queue = [...shellRoots];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id) || id.includes('node_modules')) continue;
      seen.add(id);
      queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };

  return {
    groups: [
      { name: 'framework', test: FRAMEWORK },
      {
        name: (id: string, graph: ModuleGraph) => {
          shell ??= closure(graph);
          return shell.has(id) || SHELL_STYLES.test(id) ? 'shell' : null;
        },
      },
    ],
  };
}
