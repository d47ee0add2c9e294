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
    ['src/contracts/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src/renderer/src/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
  ])("refuses 'electron' in %s", async (file, code) => {
    expect(await importViolations(file, code)).toEqual([expect.stringContaining('electron')]);
  });

  it('lets the shell import electron', async () => {
    const code = "import { app } from 'electron';\nexport const a = app;\n";
    expect(await importViolations('src/main/x.ts', code)).toEqual([]);
    expect(await importViolations('src/preload/x.ts', code)).toEqual([]);
  });

  it('keeps the renderer to src/contracts', async () => {
    const ok = "import type { HealthResponse } from '../../contracts/api-types.ts';\nexport type H = HealthResponse;\n";
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

  it('keeps services and their helpers free of HTTP and of routes files', async () => {
    const http = "import { HttpError } from '../../http/http-errors.ts';\nexport const e = HttpError;\n";
    const routes = "import { x } from '../assignments/assignments.routes.ts';\nexport const y = x;\n";
    for (const file of ['src/server/areas/x/x.service.ts', 'src/server/areas/x/x-helper.ts', 'src/server/areas/x/x.serializer.ts']) {
      expect(await importViolations(file, http), file).toHaveLength(1);
      expect(await importViolations(file, routes), file).toHaveLength(1);
    }
    for (const file of ['src/server/sync/x.ts', 'src/server/webhooks/x.ts']) {
      expect(await importViolations(file, routes.replace('../assignments', '../areas/assignments')), file).toHaveLength(1);
    }
    // Routes, parameter schemas and permission rules are HTTP's side of an area.
    for (const file of ['src/server/areas/x/x.routes.ts', 'src/server/areas/x/x.params.ts', 'src/server/areas/x/x-rules.ts']) {
      expect(await importViolations(file, http), file).toEqual([]);
    }
  });

  it('lets areas reach records only through their repositories', async () => {
    const storage = "import type { Stored } from '../../storage/typed-records.ts';\nexport type S = Stored<object>;\n";
    const repository = "import type { Stored } from '../../domain/repository.ts';\nexport type S = Stored<object>;\n";
    for (const file of ['src/server/areas/x/x.service.ts', 'src/server/areas/x/x.routes.ts', 'src/server/areas/x/x.serializer.ts']) {
      expect(await importViolations(file, storage), file).toHaveLength(1);
      expect(await importViolations(file, repository), file).toEqual([]);
    }
  });

  it('refuses `as never` casts in areas', async () => {
    const [result] = await eslint.lintText('export const f = (x: unknown): number => Math.abs(x as never);\n', { filePath: 'src/server/areas/x/x.service.ts' });
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
  });
});
