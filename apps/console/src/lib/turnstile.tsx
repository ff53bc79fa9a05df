// The bot-check (Cloudflare Turnstile) widget: loaded only when the status enables it; yields a token.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSiteStatus } from './site-status';

interface TurnstileApi {
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback'?: () => void }): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const scriptUrl = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let scriptLoading: Promise<void> | null = null;

function loadTurnstileScript(): Promise<void> {
  if (window.turnstile) return Promise.resolve();
  if (!scriptLoading) {
    scriptLoading = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scriptLoading = null;
        reject(new Error('turnstile script failed to load'));
      };
      document.head.appendChild(script);
    });
  }
  return scriptLoading;
}

interface TurnstileWidgetProps {
  siteKey: string;
  onToken: (token: string) => void;
}

function TurnstileWidget({ siteKey, onToken }: TurnstileWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let widgetId: string | null = null;
    let cancelled = false;
    loadTurnstileScript()
      .then(() => {
        if (cancelled || !container.current || !window.turnstile) return;
        widgetId = window.turnstile.render(container.current, {
          sitekey: siteKey,
          callback: onToken,
          'expired-callback': () => onToken(''),
        });
      })
      .catch(() => onToken(''));
    return () => {
      cancelled = true;
      if (widgetId && window.turnstile) window.turnstile.remove(widgetId);
    };
  }, [siteKey, onToken]);
  return <div ref={container} data-testid="turnstile-widget" style={{ display: 'flex', justifyContent: 'center', marginTop: 16 }} />;
}

/** Bot-check state for a form: whether it is on, the current token, and the widget to render. */
export interface TurnstileState {
  enabled: boolean;
  token: string;
  widget: ReactNode;
}

/** Returns the bot-check state; the widget is null when the status does not enable it. */
export function useTurnstile(): TurnstileState {
  const status = useSiteStatus();
  const [token, setToken] = useState('');
  const enabled = status.turnstile_check === true && Boolean(status.turnstile_site_key);
  const widget = enabled ? <TurnstileWidget siteKey={status.turnstile_site_key ?? ''} onToken={setToken} /> : null;
  return { enabled, token, widget };
}
