import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every path the README, the changelog and docs/**/*.md name in backticks exists, so a reader who follows one finds
// the file. A path is a backticked word with a `/` or a source-file extension; it names a file or folder of the
// repository by its path from the root or by the end of that path (`lib/forms.ts`, `spa.ts`, `journeys/`), since the
// docs name files inside the section's own folder. URLs, routes, package names and what a build makes are not paths.
// And the other way round: every doc page a source file cites (`docs/<page>.md`, with an `#anchor` or a "Heading")
// exists with that anchor or heading; no source cites an issue number or a README heading; nothing in the repository
// names a file outside it.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** Notes from parallel work waiting to be folded into the pages: they quote where text goes, so are not checked. */
const INCOMING = 'docs/incoming/';
const documents = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'), { recursive: true }).map((name) => `docs/${name}`),
].filter((name) => name.endsWith('.md') && !name.startsWith(INCOMING));

/** Files of the repository (tracked or new, not ignored). */
const repositoryFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && existsSync(join(root, file)));

/** Files of the repository, and every folder that holds one. */
function repositoryPaths(): string[] {
  const files = repositoryFiles();
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

  it('finds the paths the README names', () => {
    expect(namedPaths(readFileSync(join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  it.each(documents)('%s names only paths that exist', (document) => {
    const named = namedPaths(readFileSync(join(root, document), 'utf8'));
    expect(named.filter((path) => !exists(path))).toEqual([]);
  });
});

/** Source and configuration files: where comments cite the docs. */
const SOURCE = /(\.(ts|tsx|mjs|cjs|js|sh|ya?ml|sql|conf|cfg|json)|(^|\/)(Makefile|Dockerfile|run))$/;
/** A file's text, or nothing when another test's probe file went away since the listing. */
function readIfThere(file: string): string {
  try {
    return readFileSync(join(root, file), 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return '';
    throw error;
  }
}

/** This file names broken citations on purpose, to show the checks catch them. */
const THIS_FILE = 'infra/scripts/doc-paths.test.ts';
const sources = () =>
  repositoryFiles().filter(
    (file) => SOURCE.test(file) && !file.endsWith('package-lock.json') && file !== THIS_FILE,
  );

/** A comment's text as one line: each line break with the next line's comment marker becomes a space. */
const asOneLine = (text: string) =>
  text.replace(/[ \t]*\r?\n[ \t]*(?:\/\/|#|\*(?!\/)|--|\{\/\*)?[ \t]*/g, ' ');

interface Citation {
  page: string;
  anchor?: string;
  heading?: string;
}

/**
 * `docs/<page>.md`, optionally with `#anchor` or followed by a quoted "Heading" (`docs/x.md "Heading"`,
 * `docs/x.md, "Heading"`, `(docs/x.md, "Heading")`); a bare `<page>.md#anchor` is a page of docs/.
 */
function citations(text: string): Citation[] {
  const found: Citation[] = [];
  const pattern =
    /(?<![\w/.-])((?:docs\/)?[\w.-]+(?:\/[\w.-]+)*\.md)(?:#([\w-]+))?(?:,?\s\(?["“]([^"”]{2,100})["”])?/g;
  for (const [, path = '', anchor, heading] of asOneLine(text).matchAll(pattern)) {
    if (!path.startsWith('docs/') && !anchor) continue;
    found.push({ page: path.startsWith('docs/') ? path : `docs/${path}`, anchor, heading });
  }
  return found;
}

/** A markdown page's headings (outside code fences) and its explicit `<a id>` anchors. */
function pageTargets(page: string): { headings: string[]; anchors: Set<string> } {
  const text = readFileSync(join(root, page), 'utf8');
  const headings: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+)$/.exec(line)?.[1];
    if (heading) headings.push(heading.trim());
  }
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .replace(/\s/g, '-');
  const anchors = new Set([...text.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((m) => m[1]!));
  for (const heading of headings) anchors.add(slug(heading));
  return { headings, anchors };
}

/** What is wrong with a citation: a page that does not exist, or an anchor or heading it does not have. */
function brokenCitation({ page, anchor, heading }: Citation): string | null {
  if (!existsSync(join(root, page))) return `${page} does not exist`;
  const targets = pageTargets(page);
  if (anchor && !targets.anchors.has(anchor)) return `${page} has no anchor #${anchor}`;
  const named = heading?.toLowerCase();
  if (named && !targets.headings.some((h) => h.toLowerCase().replaceAll('`', '').startsWith(named)))
    return `${page} has no heading "${heading}"`;
  return null;
}

describe('doc pages cited from the code', () => {
  const files = sources();

  it("finds a page, an anchor and a heading in a citation, across a comment's line break", () => {
    expect(
      citations('// see docs/operations/runbooks.md, "Service levels, alerts and\n// runbooks".'),
    ).toEqual([
      {
        page: 'docs/operations/runbooks.md',
        anchor: undefined,
        heading: 'Service levels, alerts and runbooks',
      },
    ]);
    expect(citations("describe('x (product-rules.md#numbers)')")).toEqual([
      { page: 'docs/product-rules.md', anchor: 'numbers', heading: undefined },
    ]);
    expect(brokenCitation({ page: 'docs/product-rules.md', anchor: 'no-such-rule' })).toMatch(/no anchor/);
    expect(brokenCitation({ page: 'docs/testing.md', heading: 'No such heading' })).toMatch(/no heading/);
    expect(brokenCitation({ page: 'docs/operations.md' })).toMatch(/does not exist/);
  });

  it('names only pages, anchors and headings that exist, in code and in the docs', () => {
    const broken = [...files, ...documents].flatMap((file) =>
      citations(readIfThere(file)).flatMap((citation) => {
        const problem = brokenCitation(citation);
        return problem ? [`${file}: ${problem}`] : [];
      }),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });

  it('cites no issue number and no README heading, in code or in the docs', () => {
    const texts = [...files, ...documents];
    const offending = texts.flatMap((file) => {
      const text = asOneLine(readIfThere(file));
      const found = [
        ...text.matchAll(/\bissues? \d+\b/gi),
        ...text.matchAll(/\bREADME(?:'s|’s)?,?\s\(?["“][^"”]+["”]/g),
        ...text.matchAll(/\bREADME, [A-Z][A-Za-z]+/g),
      ];
      return found.map((m) => `${file}: ${m[0]}`);
    });
    expect(offending).toEqual([]);
  });
});

describe('the repository is self-contained', () => {
  it('names no file outside it: no /work/ path, no ../shared, no markdown page it does not hold', () => {
    const files = repositoryFiles();
    const pages = new Set(files.filter((file) => file.endsWith('.md')).map((file) => file.split('/').pop()));
    const texts = files.filter(
      (file) => SOURCE.test(file) || file.endsWith('.md') || file.startsWith('.ci/'),
    );
    const outside = texts
      .filter(
        (file) => !file.endsWith('package-lock.json') && file !== THIS_FILE && !file.startsWith(INCOMING),
      )
      .flatMap((file) => {
        const text = readIfThere(file);
        const named = [
          ...[...text.matchAll(/(?:^|[\s`'"(])(\/work\/\S*|(?:\.\.\/)+shared\b\S*)/g)].map((m) => m[1]!),
          ...[...text.matchAll(/(?<![\w/.-])([A-Za-z][\w-]*\.md)\b/g)]
            .map((m) => m[1]!)
            .filter((page) => !pages.has(page)),
        ];
        return named.map((name) => `${file}: ${name}`);
      });
    expect(outside).toEqual([]);
  });
});
