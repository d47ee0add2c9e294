import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, posix } from 'node:path';

/** One file of the repository, by its path from the repository root (`/` separators). */
export interface RepoFile {
  readonly path: string;
  readonly text: string;
}

export interface CitationProblem {
  readonly file: string;
  readonly problem: string;
}

/** Text files a reader of a fresh clone sees; the lock file is generated and holds no prose. */
const TEXT_FILE = /\.(?:ts|tsx|js|cjs|mjs|md|json|ya?ml|css|html)$|^\.ci\//;
const GENERATED = new Set(['package-lock.json']);

/** The repository's tracked (and new, not ignored) text files. */
export function readRepoTextFiles(root: string): RepoFile[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return [...new Set(listed.split('\n'))]
    .filter((path) => path !== '' && TEXT_FILE.test(path) && !GENERATED.has(path) && existsSync(join(root, path)))
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

const SECTION = String.raw`§\s?\d+(?:\.\d+)*`;
/**
 * A document path (possibly in backticks), then one or more sections joined by `,`, `/`, a dash, `and` or `or`:
 * `docs/architecture.md §4.2`.
 */
const CITATION = new RegExp(String.raw`(docs/[\w./-]+?\.md)\`?\s+(${SECTION}(?:\s*(?:,|–|-|/|and|or)\s*${SECTION})*)`, 'g');
/** Sections of public standards, which a reader can look up without this repository. */
const PUBLIC_STANDARD = new RegExp(String.raw`\b(?:WHATWG HTML|RFC \d+)\s+${SECTION}`, 'g');
const SECTION_NUMBER = /§\s?(\d+(?:\.\d+)*)/g;
/** `## 4. Storage`, `### 4.2 Collections`: the numbers a citation may name. */
const NUMBERED_HEADING = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm;
/** A relative path that climbs out of its folder, e.g. an import or a link. */
const CLIMBING_PATH = /(?<![\w.])(?:\.\.\/)+[\w.@-]+(?:\/[\w.@-]+)*/g;
/** A Markdown file named anywhere: `README.md`, `docs/decisions/0005-….md`. */
const MARKDOWN_NAME = /(?<![\w./-])[\w./-]*[\w-]\.md\b/g;
/** What follows a Markdown name that is cited with a section, possibly on the next comment line. */
const CITED_NEXT = /^`?\s+(?:(?:\*|\/\/+)\s*)?§\s?\d/;

/**
 * Comment text as one line, so a citation whose document path ends one comment line and whose section starts the
 * next still reads as one. Only used to find citations; headings are read from the original text.
 */
function joinWrappedLines(text: string): string {
  return text.replace(/[ \t]*\r?\n[ \t]*(?:\/\/+|\*(?!\/)|>)?[ \t]*/g, ' ');
}

export function sectionNumbers(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(NUMBERED_HEADING)].map((m) => m[1] ?? ''));
}

function excerpt(text: string, index: number): string {
  return JSON.stringify(text.slice(Math.max(0, index - 40), index + 60));
}

/**
 * Everything a reader of a fresh clone could not follow: paths that leave the repository, Markdown files that do
 * not exist in it, `docs/<file>.md §N` citations whose file or numbered section is missing, and section numbers
 * that name no document at all. In a document under `docs/`, a bare section number means its own section.
 */
export function findCitationProblems(files: readonly RepoFile[]): CitationProblem[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const basenames = new Set(files.map((f) => basename(f.path)));
  const sectionsOf = new Map<string, Set<string>>();
  const sections = (path: string) => {
    let found = sectionsOf.get(path);
    if (!found) sectionsOf.set(path, (found = sectionNumbers(byPath.get(path)?.text ?? '')));
    return found;
  };
  const problems: CitationProblem[] = [];

  for (const file of files) {
    const report = (problem: string) => problems.push({ file: file.path, problem });
    const dir = posix.dirname(file.path);

    for (const m of file.text.matchAll(CLIMBING_PATH)) {
      if (posix.normalize(posix.join(dir, m[0])).startsWith('../')) report(`path outside the repository: ${excerpt(file.text, m.index)}`);
    }
    for (const m of file.text.matchAll(MARKDOWN_NAME)) {
      const name = m[0];
      // A cited document is checked with its sections below.
      if (CITED_NEXT.test(file.text.slice(m.index + name.length))) continue;
      const found = name.includes('/')
        ? byPath.has(posix.normalize(name)) || byPath.has(posix.normalize(posix.join(dir, name)))
        : basenames.has(name);
      if (!found) report(`no such Markdown file in the repository: ${excerpt(file.text, m.index)}`);
    }

    let rest = joinWrappedLines(file.text);
    for (const m of rest.matchAll(CITATION)) {
      const [, doc = '', chain = ''] = m;
      if (!byPath.has(doc)) {
        report(`cites a missing document: ${excerpt(rest, m.index)}`);
        continue;
      }
      for (const [, number = ''] of chain.matchAll(SECTION_NUMBER)) {
        if (!sections(doc).has(number)) report(`${doc} has no section ${number}: ${excerpt(rest, m.index)}`);
      }
    }
    rest = rest.replace(CITATION, ' ').replace(PUBLIC_STANDARD, ' ');
    const ownDoc = file.path.startsWith('docs/') && file.path.endsWith('.md');
    for (const m of rest.matchAll(SECTION_NUMBER)) {
      if (ownDoc && sections(file.path).has(m[1] ?? '')) continue;
      report(
        ownDoc
          ? `${file.path} has no section ${m[1]}: ${excerpt(rest, m.index)}`
          : `section sign without an in-repo document (cite docs/<file>.md §N): ${excerpt(rest, m.index)}`,
      );
    }
  }
  return problems;
}
