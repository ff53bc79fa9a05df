// The create/edit drawer shell: full width on phones, a cancel/submit footer, a spinner while the edited record loads.
import { useEffect, type ReactNode } from 'react';
import { Button, Drawer, Space, Spin, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from './notify';
import { useIsMobile } from './use-is-mobile';

/** Which record an edit drawer shows: null closed, 'new' creating, a number editing that id. */
export type EditTarget = null | 'new' | number;

/** The id being edited, or null while the drawer is closed or creating. */
export function editingIdOf(target: EditTarget): number | null {
  return typeof target === 'number' ? target : null;
}

/** Fills the drawer's form for its target: the create defaults, the loaded record once it arrives, or cleared on close. */
export function useEditTargetForm<Values, Loaded>(
  form: FormInstance<Values>,
  target: EditTarget,
  createDefaults: Partial<Values>,
  loaded: Loaded | undefined,
  toValues: (loaded: Loaded) => Partial<Values>,
): void {
  useEffect(() => {
    if (target === 'new') form.setFieldsValue(createDefaults);
    else if (target === null) form.resetFields();
    else if (loaded) form.setFieldsValue(toValues(loaded));
  }, [target, loaded, form, createDefaults, toValues]);
}

/** A create or update mutation as the drawer sends it: the variables, and what a success resolves. */
export interface SaveMutation<V, R> {
  mutate: (variables: V, options?: { onSuccess?: (result: R) => void }) => void;
}

/** What happens after a save: the toast texts (read on success), closing, and the created result for the caller. */
export interface SaveOutcome<R> {
  createdNotice: (result: R) => string;
  updatedNotice: () => string;
  onClose: () => void;
  onCreated?: (result: R) => void;
}

/** Sends a checked payload: created while the target is 'new', updated with the target's id while editing; a success toasts and closes. */
export function saveEdit<P, R>(target: EditTarget, payload: P, create: SaveMutation<P, R>, update: SaveMutation<P & { id: number }, unknown>, outcome: SaveOutcome<R>): void {
  const { createdNotice, updatedNotice, onClose, onCreated } = outcome;
  if (target === 'new') {
    create.mutate(payload, {
      onSuccess: (result) => {
        notify.success(createdNotice(result));
        onClose();
        onCreated?.(result);
      },
    });
  } else if (target !== null) {
    update.mutate(
      { ...payload, id: target },
      {
        onSuccess: () => {
          notify.success(updatedNotice());
          onClose();
        },
      },
    );
  }
}

/** Props of the drawer shell. */
export interface EditDrawerProps {
  target: EditTarget;
  onClose: () => void;
  title: string;
  /** Width on a desktop (px); a phone gets the whole screen. */
  width: number;
  rootClassName: string;
  /** Test ids of the footer buttons: `<prefix>-cancel`, `<prefix>-submit`. */
  testIdPrefix: string;
  onSubmit: () => void;
  submitting: boolean;
  /** Whether the edited record is loading; the body spins meanwhile (never while creating). */
  loading: boolean;
  children: ReactNode;
}

/** An always-rendered drawer, open while `target` is set, with the form as its body and cancel/submit in the footer. */
export function EditDrawer({ target, onClose, title, width, rootClassName, testIdPrefix, onSubmit, submitting, loading, children }: EditDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={isMobile ? '100%' : width}
      title={title}
      forceRender
      rootClassName={rootClassName}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid={`${testIdPrefix}-cancel`}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" onClick={onSubmit} loading={submitting} data-testid={`${testIdPrefix}-submit`}>
            {t('common.submit')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={editingIdOf(target) !== null && loading}>{children}</Spin>
    </Drawer>
  );
}
