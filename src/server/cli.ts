import { PortInUseError, startServer } from './boot.ts';
import { ConfigError, readServerEnv } from './config.ts';

/** Plain-Node entry (`npm run serve`): the same server core the desktop app embeds. */
async function main(): Promise<void> {
  const config = readServerEnv(process.env);
  const server = await startServer(config);
  console.log(`Outpost listening on ${server.url}`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  // Expected failures get one readable line; anything else keeps its stack for a bug report.
  if (err instanceof PortInUseError || err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
