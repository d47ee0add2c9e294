import { describe, expect, it } from 'vitest';
import { sanitizeUserHtml } from '../../../src/server/domain/html/sanitize.ts';
import { BENIGN_HTML, dangerousFragments, XSS_CORPUS } from '../../fixtures/xss-corpus.ts';

describe('sanitizeUserHtml', () => {
  it('the oracle sees the danger in the raw corpus (so a clean result means something)', () => {
    const flagged = XSS_CORPUS.filter((payload) => dangerousFragments(payload).length > 0);
    expect(flagged.length).toBeGreaterThan(XSS_CORPUS.length * 0.9);
  });

  it.each(XSS_CORPUS.map((payload) => [payload]))('leaves nothing dangerous in %s', (payload) => {
    const clean = sanitizeUserHtml(payload);
    expect(dangerousFragments(clean)).toEqual([]);
    expect(clean).not.toMatch(/<script|javascript:|vbscript:|data:text/i);
    // Sanitizing is idempotent: what is stored comes back unchanged when saved again.
    expect(sanitizeUserHtml(clean)).toBe(clean);
  });

  it('keeps ordinary teaching HTML', () => {
    const clean = sanitizeUserHtml(BENIGN_HTML);
    expect(clean).toContain('<h2>Week 1</h2>');
    expect(clean).toContain('<a href="https://example.test/reading">this</a>');
    expect(clean).toContain('<a href="/courses/1/pages/intro">');
    expect(clean).toContain('<img src="https://example.test/diagram.png" alt="diagram" />');
    expect(clean).toContain('<th>Q</th>');
  });
});
