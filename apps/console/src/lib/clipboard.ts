// Copying text to the clipboard with a manual-copy dialog when the browser refuses.
import { createElement } from 'react';
import i18n from '../i18n/i18n';
import { notify, showAlertDialog } from './notify';

function copyWithTextArea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  document.body.removeChild(area);
  return copied;
}

/** Copies text; resolves true when the clipboard accepted it. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the legacy path (permissions, insecure context).
  }
  return copyWithTextArea(text);
}

/** Opens the dialog that shows text the user must copy by hand. */
export function showManualCopyDialog(text: string): void {
  showAlertDialog({
    kind: 'warning',
    title: i18n.t('common.copyFailed'),
    content: createElement('code', { 'data-testid': 'manual-copy-text', style: { wordBreak: 'break-all' } }, text),
  });
}

/** Copies text and tells the user: a "copied" toast, or the manual-copy dialog on failure. */
export async function copyWithFeedback(text: string, successMessage?: string): Promise<boolean> {
  const copied = await copyToClipboard(text);
  if (copied) notify.success(successMessage ?? i18n.t('common.copiedText', { text }));
  else showManualCopyDialog(text);
  return copied;
}
