import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CreatedAccessToken } from '../../../../contracts/session-dtos.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';

/** The new token's secret, shown once with a copy button; Outpost keeps only its hash. */
export function IssuedToken({ token }: { token: CreatedAccessToken }) {
  const issuedDismissed = useTokensStore((s) => s.issuedDismissed);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const id = useId();

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(token.visible_token);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <div className="issued-token" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        <FormattedMessage id="tokens.issued.label" defaultMessage="New token for “{purpose}”" values={{ purpose: <bdi>{token.purpose}</bdi> }} />
      </label>
      <p className="help" id={`${id}-help`}>
        <FormattedMessage id="tokens.issued.help" defaultMessage="Copy it now: it will not be shown again." />
      </p>
      <div className="copy-row">
        <input id={id} readOnly dir="ltr" value={token.visible_token} aria-describedby={`${id}-help`} onFocus={(e) => e.target.select()} spellCheck={false} />
        <button type="button" onClick={() => void onCopy()}>
          <FormattedMessage id="tokens.issued.copy" defaultMessage="Copy token" />
        </button>
      </div>
      <p role="status" className="muted">
        {copy === 'copied' ? (
          <FormattedMessage id="tokens.issued.copied" defaultMessage="Copied." />
        ) : copy === 'failed' ? (
          <FormattedMessage id="tokens.issued.copyFailed" defaultMessage="Could not copy: select the token and copy it yourself." />
        ) : null}
      </p>
      <button type="button" onClick={issuedDismissed}>
        <FormattedMessage id="tokens.issued.done" defaultMessage="Done" />
      </button>
    </div>
  );
}
