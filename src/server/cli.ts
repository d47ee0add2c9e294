import { PortInUseError, startServer } from './boot.ts';
import { issueTokenCommand, UnknownLoginError } from './commands/issue-token.ts';
import { ConfigError, readServerEnv } from './config.ts';
import { DataDirInUseError } from './data-dir-lock.ts';

/** Plain-Node entry: `serve` (default, `npm run serve`) and `token <login>` (`npm run token -- <login>`). */
async function main(): Promise<void> {
  const [command = 'serve', ...args] = process.argv.slice(2);
  const config = readServerEnv(process.env);
  if (command === 'token') {
    console.log(await issueTokenCommand(config.dataDir, args[0]));
    return;
  }
  if (command !== 'serve') throw new ConfigError(`unknown command "${command}" (expected serve or token)`);
  const server = await startServer(config);
  console.log(`Outpost listening on ${server.url}`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Expected failures get one readable line; anything else keeps its stack for a bug report. */
const EXPECTED = [PortInUseError, ConfigError, DataDirInUseError, UnknownLoginError];

main().catch((err: unknown) => {
  if (EXPECTED.some((type) => err instanceof type)) console.error((err as Error).message);
  else console.error(err);
  process.exit(1);
});
