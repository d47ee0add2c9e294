import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };

const root = fileURLToPath(new URL('../..', import.meta.url));
const PREFLIGHT = join(root, 'scripts/preflight.cjs');
const REQUIRED = Number(/\d+/.exec(pkg.engines.node)?.[0]);

/** The preflight's own source, run as if under Node `version`: what it prints and the exit code it asks for. */
function preflightUnder(version: string): { printed: string[]; exitCode: number | undefined } {
  const printed: string[] = [];
  let exitCode: number | undefined;
  const process = {
    version,
    versions: { node: version.slice(1) },
    execPath: '/opt/node-old/bin/node',
    exit: (code: number) => void (exitCode = code),
  };
  const console = { error: (line: string) => void printed.push(line) };
  runInNewContext(readFileSync(PREFLIGHT, 'utf8'), { require: createRequire(PREFLIGHT), process, console });
  return { printed, exitCode };
}

/** A `node` on PATH older than Outpost needs (Debian's, say), if the machine has one. */
function olderNodeOnPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const node = join(dir, 'node');
    if (!existsSync(node)) continue;
    const major = Number(spawnSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout);
    if (major > 0 && major < REQUIRED) return node;
  }
  return undefined;
}

const TOO_OLD = new RegExp(`^Outpost needs Node\\.js ${REQUIRED} or newer, but this shell runs Node v\\d+\\.\\d+\\.\\d+ \\(.+\\); install Node ${REQUIRED} .*nvm install ${REQUIRED}.*then run the command again\\.$`);

describe('the Node preflight every npm script runs first', () => {
  it('on an older Node, asks for an exit code of 1 after one line saying what to install and how', () => {
    const { printed, exitCode } = preflightUnder('v20.20.2');
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(TOO_OLD);
    expect(printed[0]).toContain('Node v20.20.2 (/opt/node-old/bin/node)');
    expect(exitCode).toBe(1);
  });

  it('on the required Node or newer, prints nothing and lets the script go on', () => {
    for (const version of [`v${REQUIRED}.0.0`, `v${REQUIRED + 1}.2.3`, process.version]) {
      expect(preflightUnder(version), version).toEqual({ printed: [], exitCode: undefined });
    }
  });

  const olderNode = olderNodeOnPath();
  it.skipIf(!olderNode)('runs on a real older Node: `npm start` there prints the one line instead of a stack', () => {
    const run = spawnSync('npm', ['start', '--silent'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${dirname(olderNode!)}${delimiter}${process.env.PATH ?? ''}` },
    });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(TOO_OLD)]);
  });

  it('agrees with .nvmrc and runs before every npm script', () => {
    expect(readFileSync(join(root, '.nvmrc'), 'utf8').trim()).toBe(String(REQUIRED));
    for (const [name, command] of Object.entries(pkg.scripts)) {
      expect(command, name).toMatch(/^node scripts\/preflight\.cjs && /);
    }
  });
});
