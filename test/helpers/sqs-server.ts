import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const SQS_SERVER = new URL('../fixtures/sqs-server.ts', import.meta.url).pathname;

export interface SqsRequestSeen {
  target: string;
  /** The AWS error code the server answered with, or null when the request went through. */
  refused: string | null;
}

export interface ReceivedSqsMessage {
  Body: string;
  MD5OfBody: string;
  MessageAttributes?: Record<string, { DataType: string; StringValue?: string }>;
  Attributes?: Record<string, string>;
}

export interface SqsServer {
  /** The queue URL a subscription names (through the signature-checking gate). */
  queueUrl(name: string): string;
  requests: SqsRequestSeen[];
  /** Takes up to 10 messages from the queue with ReceiveMessage, straight from the emulator. */
  receive(name: string): Promise<ReceivedSqsMessage[]>;
  stop(): Promise<void>;
}

/** Starts the local SQS process (fixtures/sqs-server.ts) that accepts only `credentials`, with scripted failures. */
export async function startSqsServer(credentials: { accessKeyId: string; secretAccessKey: string }, script: string[] = []): Promise<SqsServer> {
  const child = spawn(process.execPath, [SQS_SERVER, credentials.accessKeyId, credentials.secretAccessKey, ...script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const requests: SqsRequestSeen[] = [];
  let fauxqsPort = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`sqs server exited (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('fauxqs ')) fauxqsPort = Number(line.slice(7));
      else if (line.startsWith('port ')) resolve(Number(line.slice(5)));
      else if (line.startsWith('request ')) requests.push(JSON.parse(line.slice(8)) as SqsRequestSeen);
    });
  });
  const queueUrl = (name: string) => `http://127.0.0.1:${port}/000000000000/${name}`;
  return {
    queueUrl,
    requests,
    async receive(name) {
      const res = await fetch(`http://127.0.0.1:${fauxqsPort}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.ReceiveMessage' },
        body: JSON.stringify({ QueueUrl: queueUrl(name), MaxNumberOfMessages: 10, MessageAttributeNames: ['All'], MessageSystemAttributeNames: ['All'], WaitTimeSeconds: 0 }),
      });
      if (!res.ok) throw new Error(`ReceiveMessage failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { Messages?: ReceivedSqsMessage[] }).Messages ?? [];
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
