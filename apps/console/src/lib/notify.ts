// Toasts and dialogs usable outside React components (the API client); bound to antd's App context at start.
import { message as staticMessage, Modal as StaticModal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookApi } from 'antd/es/modal/useModal';
import type { ReactNode } from 'react';

let boundMessage: MessageInstance | null = null;
let boundModal: ModalHookApi | null = null;

/** Binds the themed message and modal instances from antd's `App.useApp()`. */
export function bindNotifier(message: MessageInstance, modal: ModalHookApi): void {
  boundMessage = message;
  boundModal = modal;
}

function messageApi(): MessageInstance {
  return boundMessage ?? staticMessage;
}

/** Short toasts: success, error, warning, info. */
export const notify = {
  success(content: ReactNode): void {
    void messageApi().success(content);
  },
  error(content: ReactNode): void {
    void messageApi().error(content);
  },
  warning(content: ReactNode): void {
    void messageApi().warning(content);
  },
  info(content: ReactNode): void {
    void messageApi().info(content);
  },
};

/** Options of a one-button dialog. */
export interface AlertDialogOptions {
  title: ReactNode;
  content?: ReactNode;
  kind?: 'info' | 'warning' | 'error' | 'success';
}

/** Opens a one-button dialog (info, warning, error or success). */
export function showAlertDialog({ title, content, kind = 'info' }: AlertDialogOptions): void {
  const modal = boundModal ?? StaticModal;
  modal[kind]({ title, content, centered: true });
}
