// An inline priority or weight editor: commits on Enter or blur, checks the integer rules first (spec 001 §5).
import { useEffect, useState } from 'react';
import { Input, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { problemMessage } from '../../lib/problem-text';
import { parsePriority, parseWeight } from './channel-rules';

/** Props of the inline editor. */
export interface InlineNumberCellProps {
  field: 'priority' | 'weight';
  /** The stored value; null on a tag row, whose -1 placeholder shows as "—". */
  value: number | null;
  testId: string;
  tagLevel: boolean;
  /** Saves the value; the editor keeps the typed text until the promise settles. */
  onCommit: (value: number) => Promise<unknown>;
}

/** A small text input holding an integer. */
export function InlineNumberCell({ field, value, testId, tagLevel, onCommit }: InlineNumberCellProps) {
  const { t } = useTranslation();
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  const [saving, setSaving] = useState(false);

  useEffect(() => setText(shown), [shown]);

  const commit = (): void => {
    const typed = text.trim();
    if (typed === shown || (typed === '' && value === null)) {
      setText(shown);
      return;
    }
    const parsed = field === 'priority' ? parsePriority(typed) : parseWeight(typed);
    if (!parsed.ok) {
      notify.error(problemMessage(parsed.problem));
      setText(shown);
      return;
    }
    setSaving(true);
    onCommit(parsed.value)
      // A tag row has no value of its own: it goes back to the "—" placeholder once saved.
      .then(() => {
        if (value === null) setText('');
      })
      .catch(() => setText(shown))
      .finally(() => setSaving(false));
  };

  return (
    <Tooltip title={tagLevel ? t('channels.cells.tagInlineHint') : t('channels.cells.inlineHint')} placement="top" mouseEnterDelay={0.6}>
      <Input
        size="small"
        name={field}
        data-testid={testId}
        value={text}
        disabled={saving}
        placeholder={tagLevel ? t('channels.cells.placeholder') : undefined}
        inputMode="numeric"
        onChange={(event) => setText(event.target.value)}
        onPressEnter={(event) => event.currentTarget.blur()}
        onBlur={commit}
        style={{ width: 72 }}
      />
    </Tooltip>
  );
}
