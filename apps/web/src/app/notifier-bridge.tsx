import { useEffect } from 'react';
import { message } from 'antd';
import { registerNotifier } from '#shared/notify.ts';

/**
 * Hands antd's context-aware toasts (theme, locale) to code outside React. message.useMessage
 * rather than antd's App, which would also bring Modal and notification.
 */
export default function NotifierBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    registerNotifier(api);
    return () => registerNotifier(null);
  }, [api]);
  return holder;
}
