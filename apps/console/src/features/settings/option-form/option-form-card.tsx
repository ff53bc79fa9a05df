// A card holding one option form: loads the stored values, saves only the changed keys (one PUT each) and reports the outcome.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useOptions, useSaveOptions } from '../settings-api';
import { saveVerdict, type SaveOutcome } from './option-save';
import { changedEntries, codecFor, isSecretOption, sameOptionText, toFormValues, type OptionCodec, type OptionEntry, type OptionMap } from './option-values';

/** Props of an option form card. */
export interface OptionFormCardProps {
  /** Suffix of the test ids: `settings-card-<id>` on the card, `settings-save-<id>` on its button. */
  id: string;
  title?: ReactNode;
  /** The option keys this card edits. */
  keys: readonly string[];
  /** Form ⇄ text conversions for fields that are not drawn the default way. */
  codecs?: Partial<Record<string, OptionCodec>>;
  /** A last check before saving: a message blocks the save. */
  check?: (values: Record<string, unknown>) => string | null;
  /** Adjusts the writes (e.g. trims trailing slashes) before they are sent. */
  prepare?: (entries: OptionEntry[]) => OptionEntry[];
  /** Message shown when everything was saved (default: saved). */
  savedMessage?: string;
  saveLabel?: string;
  extra?: ReactNode;
  /** Borderless (no card frame, extra above the form) when it sits inside another card. */
  variant?: 'outlined' | 'borderless';
  children: ReactNode;
}

function pick(options: OptionMap | undefined, keys: readonly string[]): OptionMap {
  return Object.fromEntries(keys.map((key) => [key, options?.[key] ?? '']));
}

/** Reports a finished save with the spec's messages; returns true when everything was saved. */
export function reportSave(outcome: SaveOutcome, t: (key: 'settings.form.saved' | 'settings.form.partialFailed' | 'settings.form.saveFailed') => string, savedMessage?: string): boolean {
  const verdict = saveVerdict(outcome);
  if (verdict === 'saved') notify.success(savedMessage ?? t('settings.form.saved'));
  else if (verdict === 'partial') notify.error(t('settings.form.partialFailed'));
  else if (verdict === 'failed') notify.error(t('settings.form.saveFailed'));
  return verdict === 'saved';
}

/** The card; its children are option fields (they read and write this card's form). */
export function OptionFormCard({ id, title, keys, codecs, check, prepare, savedMessage, saveLabel, extra, variant, children }: OptionFormCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const isMobile = useIsMobile();
  const options = useOptions().data;
  const save = useSaveOptions();
  // A borderless card sits inside another card: no frame, and its extra goes above the form.
  const nested = variant === 'borderless';
  const stored = useRef<OptionMap>(pick(options, keys));
  const [initialValues] = useState(() => toFormValues(keys, stored.current, codecs));

  // When the server's values change (another card saved, a reset), follow them in fields not edited here.
  useEffect(() => {
    const next = pick(options, keys);
    const previous = stored.current;
    const updates: Record<string, unknown> = {};
    for (const key of keys) {
      if (next[key] === previous[key]) continue;
      const codec = codecFor(key, codecs);
      if (sameOptionText(key, codec.toText(form.getFieldValue(key)), previous[key] ?? '') || previous[key] === undefined) {
        updates[key] = codec.toForm(next[key] ?? '');
      }
    }
    stored.current = next;
    if (Object.keys(updates).length > 0) form.setFieldsValue(updates);
  }, [options, keys, codecs, form]);

  const submit = async (): Promise<void> => {
    let validated: Record<string, unknown>;
    try {
      validated = await form.validateFields();
    } catch {
      notify.error(t('settings.form.checkInput'));
      return;
    }
    const values = { ...form.getFieldsValue(true), ...validated } as Record<string, unknown>;
    const blocked = check?.(values);
    if (blocked) {
      notify.error(blocked);
      return;
    }
    const changed = changedEntries(keys, stored.current, values, codecs);
    const entries = prepare ? prepare(changed) : changed;
    if (entries.length === 0) {
      notify.warning(t('settings.form.nothingChanged'));
      return;
    }
    const outcome = await save.mutateAsync(entries);
    for (const entry of outcome.saved) {
      if (isSecretOption(entry.key)) form.setFieldValue(entry.key, '');
      else {
        stored.current = { ...stored.current, [entry.key]: entry.value };
        // Show what was stored when the writes were adjusted (e.g. a trailing slash removed).
        if (prepare) form.setFieldValue(entry.key, codecFor(entry.key, codecs).toForm(entry.value));
      }
    }
    reportSave(outcome, t, savedMessage);
  };

  const body = (
    <>
      {nested && extra ? <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{extra}</div> : null}
      <Form form={form} name={`option-${id}`} layout="vertical" initialValues={initialValues} onFinish={() => void submit()}>
        <Row gutter={16}>{children}</Row>
        <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid={`settings-save-${id}`}>
          {saveLabel ?? t('settings.form.save')}
        </Button>
      </Form>
    </>
  );
  if (nested) return <div data-testid={`settings-card-${id}`}>{body}</div>;
  return (
    <Card title={title} extra={extra} size={isMobile ? 'small' : 'default'} data-testid={`settings-card-${id}`}>
      {body}
    </Card>
  );
}
