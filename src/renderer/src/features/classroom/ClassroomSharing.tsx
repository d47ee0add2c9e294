import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ClassDevice, ClassroomShare } from '../../../../contracts/classroom-dtos.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useClassroomStore } from '../../stores/classroom-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** Devices report at each sync; a teacher watching the room sees them within this long. */
const DEVICES_REFRESH_MS = 10_000;

/** `Share with my class` (Settings, when connected to a school hub): the switch, the address, its QR code and the room's devices. */
export function ClassroomSharing() {
  const intl = useIntl();
  const share = useResource(resources.classroomShare());
  return (
    <section aria-labelledby="settings-classroom" className="panel">
      <h2 id="settings-classroom">
        <FormattedMessage id="classroom.heading" defaultMessage="Classroom" />
      </h2>
      <Loaded value={share} what={intl.formatMessage({ id: 'classroom.what', defaultMessage: 'classroom sharing' })}>
        {(state) => <ShareControls state={state} />}
      </Loaded>
    </section>
  );
}

function ShareControls({ state }: { state: ClassroomShare }) {
  const sharingChanged = useClassroomStore((s) => s.sharingChanged);
  const { pending, error, submit } = useSubmission();
  // While the school hub is asked, the switch shows what the teacher chose; a refusal puts it back.
  const [asked, setAsked] = useState(state.sharing);
  return (
    <>
      <p className="muted">
        <FormattedMessage
          id="classroom.intro"
          defaultMessage="Without internet, your class can work on this computer over the room's network. Your school hub must answer when you turn this on."
        />
      </p>
      <FormError message={error} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={pending ? asked : state.sharing}
          disabled={pending}
          onChange={(e) => {
            const share = e.target.checked;
            setAsked(share);
            void submit(() => sharingChanged(share));
          }}
        />
        <FormattedMessage id="classroom.share" defaultMessage="Share with my class" />
      </label>
      {state.sharing && <SharedAddress state={state} />}
      {state.sharing && <ClassDevices />}
    </>
  );
}

function SharedAddress({ state }: { state: ClassroomShare }) {
  const intl = useIntl();
  if (!state.url)
    return (
      <p>
        <FormattedMessage id="classroom.noAddress" defaultMessage="This computer has no network address the class can reach. Join the room's network." />
      </p>
    );
  return (
    <div className="classroom-address">
      <p>
        <FormattedMessage
          id="classroom.address"
          defaultMessage="Students type this address in a browser, or in Connect to a hub on their Outpost: {url}"
          values={{ url: <strong dir="ltr">{state.url}</strong> }}
        />
      </p>
      {state.qr_code && (
        <img className="classroom-qr" src={state.qr_code} width={192} height={192} alt={intl.formatMessage({ id: 'classroom.qr', defaultMessage: 'QR code of the classroom address' })} />
      )}
    </div>
  );
}

function ClassDevices() {
  const intl = useIntl();
  const devices = useResource(resources.classroomDevices());
  const devicesRefreshed = useClassroomStore((s) => s.devicesRefreshed);
  useEffect(() => {
    const timer = setInterval(() => void devicesRefreshed(), DEVICES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [devicesRefreshed]);
  const caption = intl.formatMessage({ id: 'classroom.devices', defaultMessage: 'Devices in this class' });
  const columns = [
    intl.formatMessage({ id: 'classroom.devices.person', defaultMessage: 'Person' }),
    intl.formatMessage({ id: 'classroom.devices.lastSynced', defaultMessage: 'Last synced' }),
    intl.formatMessage({ id: 'classroom.devices.waiting', defaultMessage: 'Changes waiting' }),
  ];
  return (
    <>
      <h3>{caption}</h3>
      <Loaded value={devices} what={caption}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="classroom.devices.none" defaultMessage="No student has connected yet." />
            </p>
          ) : (
            <DataTable caption={caption} columns={columns}>
              {rows.map((row) => (
                <DeviceRow key={`${row.kind}:${row.user_id}:${row.last_sync_at}`} row={row} />
              ))}
            </DataTable>
          )
        }
      </Loaded>
    </>
  );
}

function DeviceRow({ row }: { row: ClassDevice }) {
  const intl = useIntl();
  const kind =
    row.kind === 'device'
      ? intl.formatMessage({ id: 'classroom.devices.kind.device', defaultMessage: 'Outpost' })
      : intl.formatMessage({ id: 'classroom.devices.kind.browser', defaultMessage: 'Browser' });
  return (
    <tr>
      <th scope="row">
        <span dir="auto">{row.name}</span> <span className="muted">({kind})</span>
      </th>
      <td>{formatDateTime(row.last_sync_at)}</td>
      <td>{intl.formatNumber(row.waiting)}</td>
    </tr>
  );
}
