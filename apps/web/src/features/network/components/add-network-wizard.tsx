import { useState } from 'react';
import { Button, Modal, Steps, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCode, networkLocationError, networkNameError, type NetworkItem } from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';
import { notify } from '#shared/notify.ts';
import { useAddDevicesToNetwork, useResetDevices } from '../api/add-devices.ts';
import { useCreateNetwork } from '../api/create-network.ts';
import { DevicePickerStep } from './device-picker-step.tsx';
import { MainDeviceStep } from './main-device-step.tsx';
import { NetworkInfoStep, type NetworkInfo } from './network-info-step.tsx';
import { browserTimeZone } from '#shared/time-zones.ts';
import { NOTHING_CHOSEN, addDevicesBody, nextStep, resetBody, type Chosen } from './wizard-state.ts';
import './network-dialogs.css';

type Step = 'info' | 'devices' | 'main';

/**
 * The add-network wizard (spec §2, §4): dialog 1 creates the network; dialog 2 chooses its devices;
 * with switches but no gateway, dialog 3 chooses the main switch. Finishing adds the devices
 * (addDevToNet), sends them the reset command, says so and reloads the dashboard.
 */
export default function AddNetworkWizard({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('network-dialogs');
  const client = useQueryClient();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const create = useCreateNetwork();
  const addDevices = useAddDevicesToNetwork();
  const reset = useResetDevices();
  const [step, setStep] = useState<Step>('info');
  const [info, setInfo] = useState<NetworkInfo>(() => ({
    name: '',
    location: null,
    timeZone: browserTimeZone(),
  }));
  const [invalid, setInvalid] = useState({ name: false, location: false });
  const [network, setNetwork] = useState<NetworkItem | null>(null);
  const [chosen, setChosen] = useState<Chosen>(NOTHING_CHOSEN);
  const [mainSwitch, setMainSwitch] = useState<string | null>(null);
  const busy = create.isPending || addDevices.isPending || reset.isPending;

  const close = () => {
    // A network made in step 1 exists even if no device was added: the lists show it.
    if (network) void client.invalidateQueries();
    onClose();
  };

  // A field marked for correction is unmarked once it changes.
  const editInfo = (next: NetworkInfo) => {
    setInvalid((i) => ({
      name: i.name && next.name === info.name,
      location: i.location && next.location === info.location,
    }));
    setInfo(next);
  };

  const submitInfo = () => {
    const problems = {
      name: networkNameError(info.name) !== null,
      location: networkLocationError(info.location) !== null,
    };
    setInvalid(problems);
    if (problems.name || problems.location) return notify.warning(t('correctInfo'));
    const location = info.location!;
    create.mutate(
      { Name: info.name.trim(), Location: location, TimeZone: info.timeZone },
      {
        onSuccess: (reply) => {
          setNetwork(reply.list);
          setStep('devices');
          notify.success(t('wizard.created', { name: reply.list.Name }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.NetworkNameExists) {
            setInvalid({ name: true, location: false });
          }
          notify.error(t('addDeleteFailed', { reason: errorMessage(error) }));
        },
      },
    );
  };

  const submitDevices = () => {
    if (!network) return;
    addDevices.mutate(addDevicesBody(network._id, chosen, mainSwitch), {
      onSuccess: async () => {
        const body = resetBody(chosen, mainSwitch);
        if (body) {
          try {
            await reset.mutateAsync(body);
          } catch (error) {
            notify.error(t('wizard.resetFailed', { reason: errorMessage(error) }));
          }
        }
        notify.success(body ? t('wizard.added') : t('wizard.addedEmpty'));
        // spec §4: the dashboard is reloaded.
        await client.invalidateQueries();
        onClose();
        void navigate('/dashboard');
      },
      onError: (error) => notify.error(t('addDeviceFailed', { reason: errorMessage(error) })),
    });
  };

  const finishDevices = () => {
    switch (nextStep(chosen)) {
      case 'finish':
        return submitDevices();
      case 'choose-main':
        return setStep('main');
      case 'main-required':
        return notify.warning(t('wizard.mainRequired'));
      case 'confirm-empty':
        return void modal.confirm({
          title: t('wizard.cannotTopologyTitle'),
          content: <span data-testid="wizard-confirm-empty">{t('wizard.cannotTopology')}</span>,
          okText: t('wizard.confirm'),
          cancelText: t('wizard.cancel'),
          okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
          onOk: submitDevices,
        });
    }
  };

  const finishMain = () => {
    if (!chosen.switches.some((d) => d._id === mainSwitch)) return notify.warning(t('wizard.mainRequired'));
    submitDevices();
  };

  // The main-device dialog appears only on the way with switches and no gateway.
  const steps: (Step | 'finished')[] =
    step === 'main' || (step === 'devices' && nextStep(chosen) === 'choose-main')
      ? ['info', 'devices', 'main', 'finished']
      : ['info', 'devices', 'finished'];

  const footer =
    step === 'info'
      ? [
          <Button key="cancel" onClick={close} disabled={busy} data-testid="wizard-cancel">
            {t('wizard.cancel')}
          </Button>,
          <Button
            key="create"
            type="primary"
            onClick={submitInfo}
            loading={create.isPending}
            data-testid="wizard-create"
          >
            {t('wizard.create')}
          </Button>,
        ]
      : step === 'devices'
        ? [
            nextStep(chosen) === 'choose-main' ? (
              <Button key="next" type="primary" onClick={finishDevices} data-testid="wizard-next">
                {t('wizard.next')}
              </Button>
            ) : (
              <Button
                key="finish"
                type="primary"
                onClick={finishDevices}
                loading={busy}
                data-testid="wizard-finish"
              >
                {t('wizard.finish')}
              </Button>
            ),
          ]
        : [
            <Button key="back" onClick={() => setStep('devices')} disabled={busy} data-testid="wizard-back">
              {t('wizard.back')}
            </Button>,
            <Button
              key="finish"
              type="primary"
              onClick={finishMain}
              loading={busy}
              data-testid="wizard-finish"
            >
              {t('wizard.finish')}
            </Button>,
          ];

  return (
    <Modal
      open
      title={t('wizard.title')}
      width={step === 'info' ? 720 : 860}
      onCancel={close}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
    >
      <div data-testid="add-network-wizard" data-step={step}>
        <Steps
          size="small"
          current={steps.indexOf(step)}
          className="network-steps"
          items={steps.map((s) => ({ title: t(`wizard.steps.${s}`) }))}
        />
        {step === 'info' && <NetworkInfoStep value={info} onChange={editInfo} invalid={invalid} />}
        {step === 'devices' && <DevicePickerStep chosen={chosen} onChange={setChosen} />}
        {step === 'main' && (
          <MainDeviceStep switches={chosen.switches} main={mainSwitch} onChange={setMainSwitch} />
        )}
      </div>
      {modalHolder}
    </Modal>
  );
}
