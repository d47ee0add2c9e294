import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

/** A catalogue: its English file (the source of truth, written by `npm run i18n:extract`, never by hand) and its code. */
export interface CatalogueSource {
  readonly english: string;
  readonly code: string;
}

export const CATALOGUES = {
  /** The UI's. */
  ui: { english: join(root, 'src/renderer/src/i18n/messages/en.json'), code: 'src/renderer/src/**/*.{ts,tsx}' },
  /** The server's own pages' (the OAuth2 consent page, its error page): docs/decisions/0140. */
  pages: { english: join(root, 'src/server/pages/messages/en.json'), code: 'src/server/**/*.ts' },
} as const satisfies Record<string, CatalogueSource>;

export const ENGLISH_CATALOGUE = CATALOGUES.ui.english;

/**
 * Every message a catalogue's code defines (`defineMessages`, `<FormattedMessage>`, `formatMessage`), as
 * id → English text, read by FormatJS's own extractor so it sees the code exactly as react-intl will.
 */
export function extractMessages(catalogue: CatalogueSource = CATALOGUES.ui): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-i18n-'));
  try {
    const outFile = join(dir, 'en.json');
    const result = spawnSync(
      join(root, 'node_modules/.bin/formatjs'),
      ['extract', catalogue.code, '--ignore', 'src/**/*.d.ts', '--format', 'simple', '--throws', '--out-file', outFile],
      { cwd: root, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`formatjs extract failed: ${result.stderr || result.stdout || String(result.error)}`);
    return JSON.parse(readFileSync(outFile, 'utf8')) as Record<string, string>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The catalogue file's text for a set of messages: keys sorted, so a diff shows only what changed. */
export function catalogueText(messages: Readonly<Record<string, string>>): string {
  const sorted = Object.fromEntries(Object.keys(messages).sort().map((id) => [id, messages[id]]));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}
