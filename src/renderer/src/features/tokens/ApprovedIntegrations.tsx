import { DataTable } from '../../components/DataTable.tsx';
import { useState, type FormEvent } from 'react';
import type { AccessTokenInfo } from '../../../../contracts/session-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { TextField } from '../../components/TextField.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';
import { IssuedToken } from './IssuedToken.tsx';

/** Access tokens for tools that use the API as this person: create (shown once), see, delete. */
export function ApprovedIntegrations() {
  const tokens = useResource(resources.tokens());
  const issued = useTokensStore((s) => s.issued);
  return (
    <section aria-labelledby="approved-integrations" className="panel">
      <h2 id="approved-integrations">Approved integrations</h2>
      <p>Tools and scripts use the API with an access token. Each token acts as you; delete one to cut its tool off.</p>
      {issued ? <IssuedToken token={issued} /> : <NewTokenForm />}
      <Loaded value={tokens} what="your access tokens">
        {(list) => (list.length === 0 ? <p className="muted">You have no access tokens.</p> : <TokenTable tokens={list} />)}
      </Loaded>
    </section>
  );
}

function NewTokenForm() {
  const tokenRequested = useTokensStore((s) => s.tokenRequested);
  const [purpose, setPurpose] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const { pending, error, submit } = useSubmission();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A date means "usable through that day", in the person's own time zone.
    const expiresAt = expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : undefined;
    submit(() => tokenRequested(purpose.trim(), expiresAt));
  }

  return (
    <form onSubmit={onSubmit} className="stacked-form" aria-label="New access token">
      <FormError message={error} />
      <TextField label="Purpose" value={purpose} onChange={setPurpose} required maxLength={255} help="What the token is for, e.g. “Grade export script”." />
      <TextField label="Expires on" type="date" value={expiresOn} onChange={setExpiresOn} help="Optional; without a date the token works until you delete it." />
      <button type="submit" disabled={pending}>
        Generate token
      </button>
    </form>
  );
}

function TokenTable({ tokens }: { tokens: AccessTokenInfo[] }) {
  return (
    <DataTable caption="Your access tokens" columns={['Purpose', 'Token', 'Expires', 'Last used', <span className="visually-hidden">Actions</span>]}>
      {tokens.map((token) => (
        <TokenRow key={token.id} token={token} />
      ))}
    </DataTable>
  );
}

function TokenRow({ token }: { token: AccessTokenInfo }) {
  const deleteClicked = useTokensStore((s) => s.deleteClicked);
  const { pending, error, submit } = useSubmission();
  const purpose = token.purpose || 'No purpose given';
  return (
    <tr>
      <th scope="row">{purpose}</th>
      <td>
        <code>{token.token_hint}…</code>
      </td>
      <td>{formatDateTime(token.expires_at) ?? 'Never'}</td>
      <td>{formatDateTime(token.last_used_at) ?? 'Not yet'}</td>
      <td>
        <button type="button" disabled={pending} onClick={() => submit(() => deleteClicked(token.id))} aria-label={`Delete token: ${purpose}`}>
          Delete
        </button>
        <FormError message={error} />
      </td>
    </tr>
  );
}
