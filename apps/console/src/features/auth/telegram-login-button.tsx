// The Telegram Login Widget: Telegram's script draws its button and calls back with the signed user fields.
import { useEffect, useRef } from 'react';
import type { TelegramWidgetUser } from './oauth-api';

const widgetScript = 'https://telegram.org/js/telegram-widget.js?22';

/** Props of the widget. */
export interface TelegramLoginButtonProps {
  botName: string;
  onAuth: (user: TelegramWidgetUser) => void;
  size?: 'large' | 'medium' | 'small';
}

let sequence = 0;

/** Renders the widget for the bot; each instance gets its own global callback name. */
export function TelegramLoginButton({ botName, onAuth, size = 'large' }: TelegramLoginButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const handler = useRef(onAuth);
  handler.current = onAuth;
  useEffect(() => {
    const element = container.current;
    if (!element || !botName) return;
    sequence += 1;
    const callbackName = `turnpikeTelegramAuth${sequence}`;
    const scope = window as unknown as Record<string, unknown>;
    scope[callbackName] = (user: TelegramWidgetUser) => handler.current(user);
    const script = document.createElement('script');
    script.src = widgetScript;
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', size);
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-onauth', `${callbackName}(user)`);
    element.replaceChildren(script);
    return () => {
      delete scope[callbackName];
      element.replaceChildren();
    };
  }, [botName, size]);
  return <div ref={container} data-testid="telegram-login" style={{ display: 'flex', justifyContent: 'center', minHeight: 40 }} />;
}
