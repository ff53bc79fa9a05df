// Hands antd's themed message and modal instances to the non-React notifier used by the API client.
import { useLayoutEffect } from 'react';
import { App } from 'antd';
import { bindNotifier } from '../lib/notify';

/** Renders nothing; binds the notifier once inside antd's App. */
export function NotifierBridge() {
  const { message, modal } = App.useApp();
  useLayoutEffect(() => {
    bindNotifier(message, modal);
  }, [message, modal]);
  return null;
}
