import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AccessTokenInfo } from '../../../../contracts/session-dtos.ts';
import { DataTable } from '../../components/DataTable.tsx';
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
  const intl = useIntl();
  const tokens = useResource(resources.tokens());
  const issued = useTokensStore((s) => s.issued);
  return (
    <section aria-labelledby="approved-integrations" className="panel">
      <h2 id="approved-integrations">
        <FormattedMessage id="tokens.heading" defaultMessage="Approved integrations" />
      </h2>
      <p>
        <FormattedMessage
          id="tokens.intro"
          defaultMessage="Tools and scripts use the API with an access token. Each token acts as you; delete one to cut its tool off."
        />
      </p>
      {issued ? <IssuedToken token={issued} /> : <NewTokenForm />}
      <Loaded value={tokens} what={intl.formatMessage({ id: 'tokens.what', defaultMessage: 'your access tokens' })}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="tokens.none" defaultMessage="You have no access tokens." />
            </p>
          ) : (
            <TokenTable tokens={list} />
          )
        }
      </Loaded>
    </section>
  );
}

function NewTokenForm() {
  const intl = useIntl();
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
    <form onSubmit={onSubmit} className="stacked-form" aria-label={intl.formatMessage({ id: 'tokens.new.label', defaultMessage: 'New access token' })}>
      <FormError message={error} />
      <TextField
        label={intl.formatMessage({ id: 'tokens.purpose', defaultMessage: 'Purpose' })}
        dir="auto"
        value={purpose}
        onChange={setPurpose}
        required
        maxLength={255}
        help={intl.formatMessage({ id: 'tokens.purpose.help', defaultMessage: 'What the token is for, e.g. “Grade export script”.' })}
      />
      <TextField
        label={intl.formatMessage({ id: 'tokens.expiresOn', defaultMessage: 'Expires on' })}
        type="date"
        value={expiresOn}
        onChange={setExpiresOn}
        help={intl.formatMessage({ id: 'tokens.expiresOn.help', defaultMessage: 'Optional; without a date the token works until you delete it.' })}
      />
      <button type="submit" disabled={pending}>
        <FormattedMessage id="tokens.generate" defaultMessage="Generate token" />
      </button>
    </form>
  );
}

function TokenTable({ tokens }: { tokens: AccessTokenInfo[] }) {
  const intl = useIntl();
  const columns = [
    intl.formatMessage({ id: 'tokens.purpose', defaultMessage: 'Purpose' }),
    intl.formatMessage({ id: 'tokens.column.token', defaultMessage: 'Token' }),
    intl.formatMessage({ id: 'tokens.column.expires', defaultMessage: 'Expires' }),
    intl.formatMessage({ id: 'tokens.column.lastUsed', defaultMessage: 'Last used' }),
    <span className="visually-hidden">{intl.formatMessage({ id: 'tokens.column.actions', defaultMessage: 'Actions' })}</span>,
  ];
  return (
    <DataTable caption={intl.formatMessage({ id: 'tokens.table', defaultMessage: 'Your access tokens' })} columns={columns}>
      {tokens.map((token) => (
        <TokenRow key={token.id} token={token} />
      ))}
    </DataTable>
  );
}

function TokenRow({ token }: { token: AccessTokenInfo }) {
  const intl = useIntl();
  const deleteClicked = useTokensStore((s) => s.deleteClicked);
  const { pending, error, submit } = useSubmission();
  const purpose = token.purpose || intl.formatMessage({ id: 'tokens.noPurpose', defaultMessage: 'No purpose given' });
  return (
    <tr>
      <th scope="row" dir="auto">
        {purpose}
      </th>
      <td>
        <code dir="ltr">{token.token_hint}…</code>
      </td>
      <td>{formatDateTime(token.expires_at) ?? intl.formatMessage({ id: 'tokens.expires.never', defaultMessage: 'Never' })}</td>
      <td>{formatDateTime(token.last_used_at) ?? intl.formatMessage({ id: 'tokens.lastUsed.never', defaultMessage: 'Not yet' })}</td>
      <td>
        <button
          type="button"
          disabled={pending}
          onClick={() => submit(() => deleteClicked(token.id))}
          aria-label={intl.formatMessage({ id: 'tokens.delete.label', defaultMessage: 'Delete token: {purpose}' }, { purpose })}
        >
          <FormattedMessage id="tokens.delete" defaultMessage="Delete" />
        </button>
        <FormError message={error} />
      </td>
    </tr>
  );
}
