import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** Lints source text as if it lived at `filePath` and returns the import-direction violations. */
async function importViolations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import-direction lint rules (docs/architecture.md §3)', () => {
  it.each([
    ['src/server/http/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src/shared/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src/renderer/src/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
  ])("refuses 'electron' in %s", async (file, code) => {
    expect(await importViolations(file, code)).toEqual([expect.stringContaining('electron')]);
  });

  it('lets the shell import electron', async () => {
    const code = "import { app } from 'electron';\nexport const a = app;\n";
    expect(await importViolations('src/main/x.ts', code)).toEqual([]);
    expect(await importViolations('src/preload/x.ts', code)).toEqual([]);
  });

  it('keeps the renderer to src/shared', async () => {
    const ok = "import type { HealthResponse } from '../../shared/api-types.ts';\nexport type H = HealthResponse;\n";
    expect(await importViolations('src/renderer/src/x.ts', ok)).toEqual([]);
    for (const bad of ["'../../server/boot.ts'", "'../../main/window-policy.ts'", "'node:fs'"]) {
      const code = `import * as m from ${bad};\nexport const x = m;\n`;
      expect(await importViolations('src/renderer/src/x.ts', code), bad).toHaveLength(1);
    }
  });

  it('lets the shell reach the server only through server/boot', async () => {
    const boot = "import { startServer } from '../server/boot.ts';\nexport const s = startServer;\n";
    const deep = "import { createApp } from '../server/http/app.ts';\nexport const c = createApp;\n";
    expect(await importViolations('src/main/x.ts', boot)).toEqual([]);
    expect(await importViolations('src/main/x.ts', deep)).toHaveLength(1);
  });

  it('keeps storage below the domain and the domain below HTTP', async () => {
    const domain = "import { x } from '../domain/ids.ts';\nexport const y = x;\n";
    const http = "import { x } from '../http/app.ts';\nexport const y = x;\n";
    expect(await importViolations('src/server/storage/x.ts', domain)).toHaveLength(1);
    expect(await importViolations('src/server/domain/x.ts', http)).toHaveLength(1);
    expect(await importViolations('src/server/areas/x/x.service.ts', "import { x } from '../../domain/ids.ts';\nexport const y = x;\n")).toEqual([]);
  });
});
