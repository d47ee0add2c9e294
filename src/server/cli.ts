import { refusalMessage, startServer } from './boot.ts';
import { backupCommand } from './commands/backup.ts';
import { CommandError } from './commands/command-error.ts';
import { issueTokenCommand } from './commands/issue-token.ts';
import { seedDemoCommand } from './commands/seed-demo.ts';
import { ConfigError, readServerEnv } from './config.ts';

/**
 * Plain-Node entry: `serve` (default, `npm run serve`), `token <login>` (`npm run token -- <login>`),
 * `seed-demo` (`npm run seed:demo`) and `backup <file>` (`npm run backup -- <file>`).
 */
async function main(): Promise<void> {
  // Flags (`npm start -- --demo`) are handled by the launcher before the server starts; commands are words.
  const [command = 'serve', ...args] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const config = readServerEnv(process.env);
  if (command === 'token') {
    console.log(await issueTokenCommand(config.dataDir, args[0]));
    return;
  }
  if (command === 'seed-demo') {
    console.log(await seedDemoCommand(config.dataDir));
    return;
  }
  if (command === 'backup') {
    console.log(await backupCommand(config.dataDir, args[0]));
    return;
  }
  if (command !== 'serve') throw new ConfigError(`unknown command "${command}" (expected serve, token, seed-demo or backup)`);
  const server = await startServer(config);
  console.log(`Outpost listening on ${server.url}`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// Expected failures get one readable line; anything else keeps its stack for a bug report.
main().catch((err: unknown) => {
  console.error((err instanceof CommandError ? err.message : refusalMessage(err)) ?? err);
  process.exit(1);
});
