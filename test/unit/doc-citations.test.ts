import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCitationProblems, readRepoTextFiles, sectionNumbers, type RepoFile } from '../helpers/doc-citations.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** This file's examples below are broken on purpose. */
const THIS_FILE = 'test/unit/doc-citations.test.ts';

const DOC: RepoFile = {
  path: 'docs/guide.md',
  text: '# Guide\n\n## 1. One\n\nSee §2.1.\n\n## 2. Two\n\n### 2.1 Two point one\n',
};
const problemsOf = (...files: RepoFile[]) => findCitationProblems([DOC, ...files]);

describe('citations a fresh clone can follow', () => {
  it('every tracked text file cites only documents and sections that exist in the repository', () => {
    const files = readRepoTextFiles(ROOT).filter((f) => f.path !== THIS_FILE);
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/canvas-compatibility.md']));
    expect(findCitationProblems(files)).toEqual([]);
  });

  it('reads section numbers from numbered headings', () => {
    expect([...sectionNumbers(DOC.text)]).toEqual(['1', '2', '2.1']);
  });

  it('accepts existing sections, ranges and lists, wrapped across comment lines, and own-document references', () => {
    const code = {
      path: 'src/a.ts',
      text: '/** Why (docs/guide.md §2.1; docs/guide.md §1–§2, docs/guide.md\n * §1). */\n// docs/guide.md §1, §2; `docs/guide.md` §2\nconst s = 1; // WHATWG HTML §9.2\n',
    };
    expect(problemsOf(code)).toEqual([]);
  });

  it('fails on a missing section, a missing document and a bare section sign', () => {
    const code = { path: 'src/a.ts', text: '// docs/guide.md §3\n// docs/missing.md §1\n// the notes §1.2 say so\n' };
    expect(problemsOf(code).map((p) => p.problem)).toEqual([
      expect.stringContaining('docs/guide.md has no section 3'),
      expect.stringContaining('cites a missing document'),
      expect.stringContaining('section sign without an in-repo document'),
    ]);
  });

  it('fails on a path that climbs out of the repository, and accepts one that stays inside', () => {
    const inside = { path: 'src/renderer/src/x.ts', text: "import type { A } from '../../../contracts/a.ts';\n" };
    const outside = { path: 'src/server/x.ts', text: '// see ../../../contracts/notes/x for the rule\n' };
    expect(problemsOf(inside)).toEqual([]);
    expect(problemsOf(outside)).toEqual([{ file: 'src/server/x.ts', problem: expect.stringContaining('path outside the repository') }]);
  });

  it('fails on a Markdown file the repository does not hold', () => {
    const code = { path: 'src/x.ts', text: '// as notes.md explains; docs/guide.md too\n' };
    expect(problemsOf(code)).toEqual([{ file: 'src/x.ts', problem: expect.stringContaining('no such Markdown file') }]);
  });

  it('checks bare section numbers inside a document against its own headings', () => {
    const doc = { path: 'docs/other.md', text: '# Other\n\n## 1. Only\n\nSee §1 and §4.\n' };
    expect(problemsOf(doc)).toEqual([{ file: 'docs/other.md', problem: expect.stringContaining('docs/other.md has no section 4') }]);
  });
});
