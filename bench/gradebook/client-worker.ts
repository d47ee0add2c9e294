import { parentPort, workerData } from 'node:worker_threads';
import { loadGradebook } from './load-gradebook.ts';

/**
 * The gradebook screen's side of a load, on a thread of its own: in the app the renderer is another process, so
 * the client's work (fetching, parsing 50,000 cells) must not take the server's thread in the measurement either.
 * A message `open` reads the course, as the app does before the gradebook (a kept-alive connection that the
 * server closed meanwhile resets once, then it reconnects); `load` loads the gradebook and answers with the
 * number of submissions that arrived.
 */
interface ClientSetup {
  url: string;
  token: string;
  courseId: number;
}

const { url, token, courseId } = workerData as ClientSetup;

const get = async (path: string) => {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
  return { json: JSON.parse(body) as unknown, link: res.headers.get('link') };
};

const open = () =>
  get(`/api/v1/courses/${courseId}`).then(
    () => 0,
    (err: { cause?: { code?: string } }) => {
      if (err.cause?.code !== 'ECONNRESET') throw err;
      return 0;
    },
  );

parentPort!.on('message', (kind: 'open' | 'load') => {
  const work = kind === 'open' ? open() : loadGradebook(courseId, get, url).then(({ submissions }) => submissions);
  work.then(
    (submissions) => parentPort!.postMessage({ submissions }),
    (err: unknown) => parentPort!.postMessage({ error: String(err) }),
  );
});
