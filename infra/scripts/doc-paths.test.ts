import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every path the README and docs/*.md name in backticks exists, so a reader who follows one finds the file. A
// path is a backticked word with a `/` or a source-file extension; it names a file or folder of the repository
// by its path from the root or by the end of that path (`lib/forms.ts`, `spa.ts`, `journeys/`), since the docs
// name files inside the section's own folder. URLs, routes, package names and what a build makes are not paths.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const documents = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)].filter(
  (name) => name.endsWith('.md'),
);

/** Files of the repository (tracked or new, not ignored), and every folder that holds one. */
function repositoryPaths(): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    for (let folder = dirname(file); folder !== '.'; folder = dirname(folder)) folders.add(`${folder}/`);
  }
  return [...files, ...folders];
}

const SOURCE_EXTENSION = /\.(ts|tsx|mjs|cjs|js|json|md|ya?ml|sql|sh|css|cfg|conf)$/;
/** Not paths in the tree: routes and URLs, package names, globs and placeholders, and what a build or run makes. */
/** Nor are what lies outside the repository (`../shared/`), time zones (`Europe/Istanbul`), SQL or annotation words. */
const NOT_A_PATH =
  /^(\/|https?:|@|\$|-|\.\.?\/|\.[a-z]+$|[A-Z][a-z]+\/[A-Z]|[A-Z]+\/[A-Z]+$)|\.io\/|[*<>{}:=]|(^|\/)(dist|\.tmp|node_modules)(\/|$)|^sw\.js$/;

function namedPaths(text: string): string[] {
  const named = new Set<string>();
  for (const [, word = ''] of text.matchAll(/`([^`\s]+)`/g)) {
    if (!/^[\w.\-/]+$/.test(word) || NOT_A_PATH.test(word)) continue;
    if (
      word.includes('/') ? /^[\w.-]+\/[\w.-]/.test(word) || word.endsWith('/') : SOURCE_EXTENSION.test(word)
    ) {
      named.add(word);
    }
  }
  return [...named];
}

describe('paths named in the README and docs', () => {
  const paths = repositoryPaths();
  const exists = (named: string) => {
    const wanted = named.endsWith('/') ? named : [named, `${named}/`];
    return paths.some((path) => [wanted].flat().some((name) => path === name || path.endsWith(`/${name}`)));
  };

  it.each(documents)('%s names only paths that exist', (document) => {
    const named = namedPaths(readFileSync(join(root, document), 'utf8'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((path) => !exists(path))).toEqual([]);
  });
});
