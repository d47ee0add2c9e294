import { defineMessages } from '@formatjs/intl';
import type { OutpostLocale } from '../../../contracts/locales.ts';
import type { OAuthErrorCode } from '../../domain/oauth/oauth-error.ts';
import { pageCsp, pageDocument } from '../../pages/page-document.ts';
import { escapeHtml, formatHtml, pageIntl, type PageMessages } from '../../pages/page-intl.ts';

/**
 * What a person sees when a tool sends their browser to `GET /login/oauth2/auth` with a request Outpost cannot send
 * back to the tool (an unknown tool, an address it did not register, a tool switched off): a page in their language
 * saying what happened and what to do, instead of the JSON a tool gets for the same request.
 */

const messages: PageMessages<'title' | 'heading' | 'reason' | 'next' | 'code'> = defineMessages({
  title: { id: 'oauth.refused.title', defaultMessage: 'This sign-in request cannot be used – Outpost' },
  heading: { id: 'oauth.refused.heading', defaultMessage: 'This sign-in request cannot be used' },
  reason: {
    id: 'oauth.refused.reason',
    defaultMessage:
      '{code, select, invalid_client {Outpost does not know the tool that sent you here.} unauthorized_client {An administrator of this Outpost has switched off the tool that sent you here.} other {The tool that sent you here asked to send you back to an address it has not registered with Outpost.}}',
  },
  next: { id: 'oauth.refused.next', defaultMessage: 'Go back to the tool and try again, or tell the person who runs this Outpost.' },
  code: { id: 'oauth.refused.code', defaultMessage: 'Error code: {code}' },
});

/** The page has no script: its own style only. */
export const AUTHORIZE_ERROR_PAGE_CSP = pageCsp();

export function authorizeErrorPage(code: OAuthErrorCode, locale: OutpostLocale): string {
  const intl = pageIntl(locale);
  const main = `<h1>${formatHtml(intl, messages.heading)}</h1>
<p>${formatHtml(intl, messages.reason, { code })}</p>
<p>${formatHtml(intl, messages.next)}</p>
<p>${formatHtml(intl, messages.code, { code: { markup: `<code dir="ltr">${escapeHtml(code)}</code>` } })}</p>`;
  return pageDocument({ locale, title: intl.formatMessage(messages.title), main });
}
