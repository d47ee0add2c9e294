import { useId, useState } from 'react';
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
        New token for “{token.purpose}”
      </label>
      <p className="help" id={`${id}-help`}>
        Copy it now: it will not be shown again.
      </p>
      <div className="copy-row">
        <input id={id} readOnly value={token.visible_token} aria-describedby={`${id}-help`} onFocus={(e) => e.target.select()} spellCheck={false} />
        <button type="button" onClick={() => void onCopy()}>
          Copy token
        </button>
      </div>
      <p role="status" className="muted">
        {copy === 'copied' ? 'Copied.' : copy === 'failed' ? 'Could not copy: select the token and copy it yourself.' : ''}
      </p>
      <button type="button" onClick={issuedDismissed}>
        Done
      </button>
    </div>
  );
}
