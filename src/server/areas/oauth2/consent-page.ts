import { createHash } from 'node:crypto';
import type { AuthorizeParams } from './oauth2.params.ts';

/**
 * The OAuth2 consent page, rendered by the server so it works in any browser against a headless Outpost. The
 * session cookie is scoped to `/api/`, so this page cannot see it: its script asks `GET /api/v1/login/session`
 * who is signed in (showing a sign-in form otherwise), and approves with `POST /api/v1/login/oauth2/accept`
 * carrying the session's CSRF header, which no other site's page can add. The page refuses to be framed
 * (`frame-ancestors 'none'`) so no other site can overlay it to steal the click, and it runs only its own
 * inline script and style, allowed by their hashes.
 */

/** The parameters the approval repeats, so the server checks the whole request again when it is approved. */
const CARRIED = ['client_id', 'response_type', 'redirect_uri', 'state', 'scope', 'purpose', 'code_challenge', 'code_challenge_method'] as const;

export interface ConsentView {
  toolName: string;
  /** The scopes asked for; empty means the token may do everything the person can. */
  scopes: readonly string[];
  params: AuthorizeParams;
  /** Where Cancel sends the browser: the tool's redirect URI with `error=access_denied`. */
  denyUrl: string;
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1f2328; }
main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px #0003; }
h1 { font-size: 1.4rem; margin-top: 0; }
label { display: block; margin-top: 1rem; font-weight: 600; }
input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
.actions { display: flex; gap: 1rem; align-items: center; margin-top: 1.5rem; }
button { padding: .5rem 1.25rem; font: inherit; background: #0b57d0; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
code { overflow-wrap: anywhere; }
[role=alert]:empty { display: none; }
[role=alert] { color: #a40e26; }
`;

const SCRIPT = `
(() => {
  const byId = (id) => document.getElementById(id);
  const alertBox = byId('problem');
  let csrf = '';
  const send = async (method, path, body) => {
    const headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (csrf) headers['X-CSRF-Token'] = csrf;
    const res = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json().catch(() => ({}));
    return { ok: res.ok, json };
  };
  const messageOf = (json) => (json.errors && json.errors[0] && json.errors[0].message) || json.error_description || 'Something went wrong. Try again.';
  const showConsent = (session) => {
    csrf = session.csrf_token;
    byId('who').textContent = 'Signed in as ' + session.user.name + '.';
    byId('sign-in').hidden = true;
    byId('consent').hidden = false;
    byId('authorize').focus();
  };
  byId('sign-in').addEventListener('submit', async (event) => {
    event.preventDefault();
    alertBox.textContent = '';
    const res = await send('POST', '/api/v1/login/session', { unique_id: byId('unique-id').value, password: byId('password').value });
    if (res.ok) showConsent(res.json); else alertBox.textContent = messageOf(res.json);
  });
  byId('consent').addEventListener('submit', async (event) => {
    event.preventDefault();
    alertBox.textContent = '';
    const request = Object.fromEntries(new FormData(event.target).entries());
    const res = await send('POST', '/api/v1/login/oauth2/accept', request);
    if (res.ok) window.location.assign(res.json.redirect_uri); else alertBox.textContent = messageOf(res.json);
  });
  send('GET', '/api/v1/login/session').then((res) => {
    if (res.ok) showConsent(res.json);
    else { byId('sign-in').hidden = false; byId('unique-id').focus(); }
  });
})();
`;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Only this page's own script and style; it talks to its own origin and is never framed. */
export const CONSENT_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${hashOf(SCRIPT)}`,
  `style-src ${hashOf(STYLE)}`,
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** `url:GET|/api/v1/courses` reads as `GET /api/v1/courses`; service scopes are shown as they are. */
const scopeLabel = (scope: string) => scope.replace(/^url:([A-Z]+)\|/, '$1 ');

export function consentPage(view: ConsentView): string {
  const tool = escapeHtml(view.toolName || 'A tool');
  const grants =
    view.scopes.length === 0
      ? '<li>Everything you can do in Outpost, acting as you.</li>'
      : view.scopes.map((scope) => `<li><code>${escapeHtml(scopeLabel(scope))}</code></li>`).join('');
  const carried = CARRIED.flatMap((name) => {
    const value = view.params[name];
    return value === undefined ? [] : [`<input type="hidden" name="${name}" value="${escapeHtml(value)}">`];
  }).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorize ${tool} – Outpost</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${tool} wants to use your Outpost account</h1>
<p>If you allow it, ${tool} will be able to:</p>
<ul>${grants}</ul>
<p role="alert" id="problem"></p>
<form id="sign-in" hidden>
<h2>Sign in to continue</h2>
<label for="unique-id">Email</label>
<input id="unique-id" name="unique_id" type="text" autocomplete="username" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button type="submit">Sign in</button><a href="${escapeHtml(view.denyUrl)}">Cancel</a></div>
</form>
<form id="consent" hidden>
<p id="who"></p>
${carried}
<div class="actions"><button type="submit" id="authorize">Authorize</button><a href="${escapeHtml(view.denyUrl)}">Cancel</a></div>
</form>
<noscript><p>This page needs JavaScript to sign you in and ask for your approval.</p></noscript>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
