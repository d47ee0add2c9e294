/**
 * RFC 5545 text: CRLF line ends, lines folded at 75 octets (a continuation starts with a space, never inside a
 * UTF-8 sequence), and TEXT values escaped (backslash, semicolon, comma, newline).
 */

export interface IcalEvent {
  readonly uid: string;
  readonly summary: string;
  readonly description: string | null;
  readonly location: string | null;
  readonly url: string;
  /** An all-day event's day (`yyyy-mm-dd`), else null and `start`/`end` are instants. */
  readonly day: string | null;
  readonly start: number;
  readonly end: number;
  readonly stamp: number;
}

export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line folded to at most 75 octets per physical line. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first physical line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utc = (time: number) => new Date(time).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const dayValue = (day: string) => day.replace(/-/g, '');

/** A day after `day` (`yyyy-mm-dd`): an all-day event's DTEND is exclusive. */
function nextDay(day: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  return next.toISOString().slice(0, 10);
}

/** Strips tags from a description: calendar applications show DESCRIPTION as plain text. */
function plain(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

export function icalendar(name: string, events: readonly IcalEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Outpost//Calendar Feed//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(name)}`];
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${utc(e.stamp)}`);
    if (e.day !== null) lines.push(`DTSTART;VALUE=DATE:${dayValue(e.day)}`, `DTEND;VALUE=DATE:${dayValue(nextDay(e.day))}`);
    else lines.push(`DTSTART:${utc(e.start)}`, `DTEND:${utc(e.end)}`);
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(plain(e.description))}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    lines.push(`URL:${e.url}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
