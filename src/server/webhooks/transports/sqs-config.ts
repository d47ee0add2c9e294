import { ConfigError } from '../../config.ts';
import type { SqsSettings } from './sqs.ts';

/**
 * OUTPOST_SQS_ACCESS_KEY_ID, OUTPOST_SQS_SECRET_ACCESS_KEY and OUTPOST_SQS_REGION (README's variable table). Our own
 * names, not AWS_*: the desktop app must not pick up whatever AWS profile the user's shell happens to carry.
 * Neither key: SQS requests go unsigned (queue-policy access). One without the other is a typo, refused at start.
 */
export function readSqsEnv(env: NodeJS.ProcessEnv = process.env): SqsSettings {
  const accessKeyId = env.OUTPOST_SQS_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.OUTPOST_SQS_SECRET_ACCESS_KEY || undefined;
  const region = env.OUTPOST_SQS_REGION || undefined;
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError('OUTPOST_SQS_ACCESS_KEY_ID and OUTPOST_SQS_SECRET_ACCESS_KEY must be set together (or both left unset)');
  }
  return { region, credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined };
}
