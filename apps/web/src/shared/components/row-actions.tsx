import { useState, type ReactNode } from 'react';
import { Button, Popconfirm, Tooltip, type ButtonProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';

export interface RowActionProps extends Omit<ButtonProps, 'type' | 'size' | 'children'> {
  label: string;
  testId: string;
  /** false hides the tooltip (while a confirmation of this action is open). */
  tooltip?: boolean;
}

/** A table row's action: an icon button named by its tooltip (and for assistive technology). */
export function RowAction({ label, testId, tooltip, ...button }: RowActionProps) {
  return (
    <Tooltip title={label} open={tooltip === false ? false : undefined}>
      <Button type="text" size="small" aria-label={label} data-testid={testId} {...button} />
    </Tooltip>
  );
}

export interface ConfirmRowActionProps {
  label: string;
  testId: string;
  title: ReactNode;
  description: ReactNode;
  okText: string;
  cancelText: string;
  onConfirm: () => unknown;
}

/**
 * A destructive row action that asks first; its tooltip steps aside so it never covers the
 * confirmation, whose OK button tests find as `confirm-ok`.
 */
export function ConfirmRowAction({
  label,
  testId,
  title,
  description,
  okText,
  cancelText,
  onConfirm,
}: ConfirmRowActionProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' } as ButtonProps}
      onConfirm={onConfirm}
      open={confirming}
      onOpenChange={setConfirming}
    >
      <RowAction label={label} icon={<DeleteOutlined />} danger tooltip={!confirming} testId={testId} />
    </Popconfirm>
  );
}
