/** One server-sent event as the hub wrote it (`event:` name, joined `data:` lines). */
export interface ServerEvent {
  event: string;
  data: string;
}

/** A hub that never ends a line is cut off rather than buffered without bound. */
const MAX_LINE_CHARS = 64 * 1024;

/**
 * Parses a `text/event-stream` body (WHATWG HTML §9.2) from fetch: Node has no EventSource, and fetch carries the
 * Bearer header EventSource could not. Comments (heartbeats) are skipped; `id` and `retry` are not used here.
 */
export async function* readServerEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      const lines = buffer.split(/\r\n|\r|\n/);
      // The last piece has no line ending yet (a lone '\r' may still be followed by '\n': harmless, an empty line).
      buffer = lines.pop() ?? '';
      if (buffer.length > MAX_LINE_CHARS) throw new Error('event stream line too long');
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const raw = colon < 0 ? '' : line.slice(colon + 1);
        const text = raw.startsWith(' ') ? raw.slice(1) : raw;
        if (field === 'event') event = text;
        else if (field === 'data') data.push(text);
      }
    }
  } finally {
    // Also on abort or an early break: release the connection, ignoring that it may already be gone.
    await reader.cancel().catch(() => undefined);
  }
}
