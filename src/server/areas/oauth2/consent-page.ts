import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { OutpostLocale } from '../../../contracts/locales.ts';
import { pageCsp, pageDocument } from '../../pages/page-document.ts';
import { escapeHtml, formatHtml, pageIntl, type Markup, type PageMessages } from '../../pages/page-intl.ts';
import type { AuthorizeParams } from './oauth2.params.ts';

/**
 * The OAuth2 consent page, rendered by the server so it works in any browser against a headless Outpost. The
 * session cookie is scoped to `/api/`, so this page cannot see it: its script asks `GET /api/v1/login/session`
 * who is signed in (showing a sign-in form otherwise), and approves with `POST /api/v1/login/oauth2/accept`
 * carrying the session's CSRF header, which no other site's page can add. The page refuses to be framed
 * (`frame-ancestors 'none'`) so no other site can overlay it to steal the click, and it runs only its own
 * inline script and style, allowed by their hashes.
 */

const messages: PageMessages<
  'title' | 'unnamedTool' | 'heading' | 'grants' | 'everything' | 'signInHeading' | 'email' | 'password' | 'signIn' | 'signInRefused' | 'signedInAs' | 'authorize' | 'cancel' | 'failed' | 'needsScript'
> = defineMessages({
  title: { id: 'oauth.consent.title', defaultMessage: 'Authorize {tool} – Outpost' },
  unnamedTool: { id: 'oauth.consent.unnamedTool', defaultMessage: 'An unnamed tool' },
  heading: { id: 'oauth.consent.heading', defaultMessage: '{tool} wants to use your Outpost account' },
  grants: { id: 'oauth.consent.grants', defaultMessage: 'If you allow it, {tool} will be able to:' },
  everything: { id: 'oauth.consent.everything', defaultMessage: 'Everything you can do in Outpost, acting as you.' },
  signInHeading: { id: 'oauth.consent.signIn.heading', defaultMessage: 'Sign in to continue' },
  email: { id: 'oauth.consent.signIn.email', defaultMessage: 'Email' },
  password: { id: 'oauth.consent.signIn.password', defaultMessage: 'Password' },
  signIn: { id: 'oauth.consent.signIn', defaultMessage: 'Sign in' },
  signInRefused: { id: 'oauth.consent.signIn.refused', defaultMessage: 'That email and password do not match an Outpost account.' },
  signedInAs: { id: 'oauth.consent.signedInAs', defaultMessage: 'Signed in as {name}.' },
  authorize: { id: 'oauth.consent.authorize', defaultMessage: 'Authorize' },
  cancel: { id: 'oauth.consent.cancel', defaultMessage: 'Cancel' },
  failed: { id: 'oauth.consent.failed', defaultMessage: 'Something went wrong. Try again.' },
  needsScript: { id: 'oauth.consent.needsScript', defaultMessage: 'This page needs JavaScript to sign you in and ask for your approval.' },
});

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
    return { ok: res.ok, status: res.status, json };
  };
  // The server's own words when it has some (as the UI shows them), else the page's.
  const messageOf = (json) => (json.errors && json.errors[0] && json.errors[0].message) || json.error_description || alertBox.dataset.failed;
  const lang = document.documentElement.lang;
  const showConsent = (session) => {
    // The page spoke the browser's language; a person who chose one of their own gets the page again in it.
    const chosen = session.user.locale;
    const address = new URL(window.location.href);
    if (chosen && chosen !== lang && address.searchParams.get('locale') !== chosen) {
      address.searchParams.set('locale', chosen);
      window.location.replace(address.href);
      return;
    }
    csrf = session.csrf_token;
    byId('who-name').textContent = session.user.name;
    byId('sign-in').hidden = true;
    byId('consent').hidden = false;
    byId('authorize').focus();
  };
  byId('sign-in').addEventListener('submit', async (event) => {
    event.preventDefault();
    alertBox.textContent = '';
    const res = await send('POST', '/api/v1/login/session', { unique_id: byId('unique-id').value, password: byId('password').value });
    if (res.ok) showConsent(res.json);
    else if (res.status === 401) alertBox.textContent = alertBox.dataset.refused;
    else alertBox.textContent = messageOf(res.json);
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

/** Only this page's own script and style; it talks to its own origin and is never framed. */
export const CONSENT_PAGE_CSP = pageCsp(SCRIPT);

/** `url:GET|/api/v1/courses` reads as `GET /api/v1/courses`; service scopes are shown as they are. */
const scopeLabel = (scope: string) => scope.replace(/^url:([A-Z]+)\|/, '$1 ');

export function consentPage(view: ConsentView, locale: OutpostLocale): string {
  const intl = pageIntl(locale);
  const toolName = view.toolName || intl.formatMessage(messages.unnamedTool);
  // The tool's name is its maker's text, in whatever direction its script runs.
  const tool: Markup = { markup: `<bdi>${escapeHtml(toolName)}</bdi>` };
  const text = (message: MessageDescriptor) => formatHtml(intl, message);
  const grants =
    view.scopes.length === 0
      ? `<li>${text(messages.everything)}</li>`
      : view.scopes.map((scope) => `<li><code dir="ltr">${escapeHtml(scopeLabel(scope))}</code></li>`).join('');
  const carried = CARRIED.flatMap((name) => {
    const value = view.params[name];
    return value === undefined ? [] : [`<input type="hidden" name="${name}" value="${escapeHtml(value)}">`];
  }).join('');
  const cancel = `<a href="${escapeHtml(view.denyUrl)}">${text(messages.cancel)}</a>`;
  const main = `<h1>${formatHtml(intl, messages.heading, { tool })}</h1>
<p>${formatHtml(intl, messages.grants, { tool })}</p>
<ul>${grants}</ul>
<p role="alert" id="problem" data-failed="${text(messages.failed)}" data-refused="${text(messages.signInRefused)}"></p>
<form id="sign-in" hidden>
<h2>${text(messages.signInHeading)}</h2>
<label for="unique-id">${text(messages.email)}</label>
<input id="unique-id" name="unique_id" type="text" autocomplete="username" required>
<label for="password">${text(messages.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button type="submit">${text(messages.signIn)}</button>${cancel}</div>
</form>
<form id="consent" hidden>
<p>${formatHtml(intl, messages.signedInAs, { name: { markup: '<bdi id="who-name"></bdi>' } })}</p>
${carried}
<div class="actions"><button type="submit" id="authorize">${text(messages.authorize)}</button>${cancel}</div>
</form>
<noscript><p>${text(messages.needsScript)}</p></noscript>`;
  return pageDocument({ locale, title: intl.formatMessage(messages.title, { tool: toolName }), main, script: SCRIPT });
}
