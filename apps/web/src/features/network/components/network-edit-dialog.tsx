import { useState } from 'react';
import { Button, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  NETWORK_NAME_MAX,
  networkLocationError,
  networkNameError,
  type NetworkItem,
  type UpdateNetworkBody,
} from '@netconsole/contract';
import { errorMessage } from '#shared/api-client.ts';
import { LocationPicker, type PickedLocation } from '#shared/map/location-picker.tsx';
import { notify } from '#shared/notify.ts';
import { useDeleteNetwork } from '../api/delete-network.ts';
import { useUpdateNetwork } from '../api/update-network.ts';
import { TimeZoneField } from './time-zone-field.tsx';
import './network-dialogs.css';

/** What the dialog needs of a network: a getAll entry or a getAllNetworks item both fit. */
export type EditableNetwork = Pick<NetworkItem, '_id' | 'Name' | 'Location' | 'TimeZone'>;

/**
 * The network edit screen (spec §2 "network edit"): rename, move (the map and its location text),
 * set the time zone its firmware maintenance windows run in (issue 16), delete after a
 * confirmation saying its devices return to unassigned.
 */
export default function NetworkEditDialog({
  network,
  onClose,
}: {
  network: EditableNetwork;
  onClose: () => void;
}) {
  const { t } = useTranslation('network-dialogs');
  const [modal, modalHolder] = Modal.useModal();
  const update = useUpdateNetwork();
  const remove = useDeleteNetwork();
  const [name, setName] = useState(network.Name);
  const [location, setLocation] = useState<PickedLocation | null>(network.Location);
  const [timeZone, setTimeZone] = useState<string | null>(network.TimeZone);
  const [invalid, setInvalid] = useState({ name: false, location: false });
  const busy = update.isPending || remove.isPending;

  const save = () => {
    const problems = {
      name: networkNameError(name) !== null,
      location: networkLocationError(location) !== null,
    };
    setInvalid(problems);
    if (problems.name || problems.location) return notify.warning(t('correctInfo'));
    const body: UpdateNetworkBody = { _id: network._id };
    if (name.trim() !== network.Name) body.Name = name.trim();
    const moved =
      location!.longitude !== network.Location.longitude ||
      location!.latitude !== network.Location.latitude ||
      location!.address !== network.Location.address;
    if (moved) body.Location = location!;
    // Sent only when changed: null (cleared) sets the network back to the server's zone.
    if (timeZone !== network.TimeZone) body.TimeZone = timeZone;
    if (body.Name === undefined && body.Location === undefined && body.TimeZone === undefined) {
      return notify.info(t('edit.unchanged'));
    }
    update.mutate(body, {
      onSuccess: () => {
        notify.success(t('edit.saved'));
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  const askDelete = () =>
    void modal.confirm({
      title: t('edit.deleteTitle', { name: network.Name }),
      content: <span data-testid="network-delete-confirm">{t('edit.deleteText')}</span>,
      okText: t('edit.deleteOk'),
      cancelText: t('edit.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () =>
        remove.mutateAsync(network._id).then(
          (reply) => {
            notify.success(t('edit.deleted', { count: reply.list.Released }));
            onClose();
          },
          (error: unknown) => notify.error(t('addDeleteFailed', { reason: errorMessage(error) })),
        ),
    });

  return (
    <Modal
      open
      title={t('edit.title')}
      width={720}
      onCancel={onClose}
      mask={{ closable: !busy }}
      footer={[
        <Button
          key="delete"
          danger
          onClick={askDelete}
          disabled={busy}
          data-testid="network-delete"
          className="network-delete"
        >
          {t('edit.delete')}
        </Button>,
        <Button key="cancel" onClick={onClose} disabled={busy} data-testid="network-edit-cancel">
          {t('edit.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          onClick={save}
          loading={update.isPending}
          data-testid="network-edit-save"
        >
          {t('edit.save')}
        </Button>,
      ]}
    >
      <div className="network-step" data-testid="network-edit">
        <label className="network-field">
          <span className="network-field-label">{t('edit.name')}</span>
          <Input
            value={name}
            maxLength={NETWORK_NAME_MAX}
            status={invalid.name ? 'error' : undefined}
            onChange={(e) => setName(e.target.value)}
            data-testid="network-edit-name"
          />
        </label>
        <LocationPicker
          value={location}
          onChange={setLocation}
          status={invalid.location ? 'error' : undefined}
          height={280}
        />
        <TimeZoneField value={timeZone} onChange={setTimeZone} testId="network-edit-time-zone" />
      </div>
      {modalHolder}
    </Modal>
  );
}
