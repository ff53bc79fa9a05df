// The simple option cards of the operation tab: general, drawing, sensitive words, dashboard, monitoring, quota, chat links.
import { Form, Typography } from 'antd';
import { checkSensitiveWords, formatSensitiveWords, parseSensitiveWords, sensitiveWordLimits } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { isRootUser, useSessionUser } from '../../../lib/session';
import { renderQuota } from '../../../lib/quota-format';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';
import type { OptionEntry } from '../option-form/option-values';

const generalKeys = [
  'TopUpLink',
  'general_setting.docs_link',
  'QuotaPerUnit',
  'RetryTimes',
  'USDExchangeRate',
  'DisplayInCurrencyEnabled',
  'DisplayTokenStatEnabled',
  'DefaultCollapseSidebar',
  'DemoSiteEnabled',
  'SelfUseModeEnabled',
] as const;
const generalKeysWithoutTopUpLink = generalKeys.filter((key) => key !== 'TopUpLink');

/** General options; the top-up link belongs to the super admin (disabled with a hint for other admins). */
export function GeneralCard() {
  const { t } = useTranslation();
  const isRoot = isRootUser(useSessionUser());
  // Admins never send the top-up link: the server would refuse it.
  const keys = isRoot ? generalKeys : generalKeysWithoutTopUpLink;
  return (
    <OptionFormCard id="general" title={t('settings.cards.general')} keys={keys}>
      <OptionField optionKey="TopUpLink" disabled={!isRoot} extra={isRoot ? undefined : t('settings.hint.topUpLinkRootOnly')} placeholder="https://" />
      <OptionField optionKey="general_setting.docs_link" placeholder="https://" />
      <OptionField optionKey="QuotaPerUnit" />
      <OptionField optionKey="RetryTimes" />
      <OptionField optionKey="USDExchangeRate" />
      {generalKeys.slice(5).map((key) => (
        <OptionField key={key} optionKey={key} />
      ))}
    </OptionFormCard>
  );
}

const drawingKeys = ['DrawingEnabled', 'MjNotifyEnabled', 'MjAccountFilterEnabled', 'MjForwardUrlEnabled', 'MjModeClearEnabled', 'MjActionCheckSuccessEnabled'];

/** Drawing (Midjourney) switches. */
export function DrawingCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="drawing" title={t('settings.cards.drawing')} keys={drawingKeys}>
      {drawingKeys.map((key) => (
        <OptionField key={key} optionKey={key} />
      ))}
    </OptionFormCard>
  );
}

const sensitiveSwitches = ['CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'CheckSensitiveOnCompletionEnabled', 'StopOnSensitiveEnabled'];
const sensitiveKeys = [...sensitiveSwitches, 'SensitiveWords'];

/** The word list as it will be saved (trimmed, duplicates removed). */
const cleanSensitiveWords = (entries: OptionEntry[]): OptionEntry[] =>
  entries.map((entry) => (entry.key === 'SensitiveWords' ? { ...entry, value: formatSensitiveWords(parseSensitiveWords(entry.value)) } : entry));

/** The count of words the list will hold, under the field (read from the card's form as it is typed). */
function SensitiveWordCount() {
  const { t } = useTranslation();
  const text = Form.useWatch('SensitiveWords', Form.useFormInstance()) as unknown;
  const count = parseSensitiveWords(typeof text === 'string' ? text : '').length;
  return (
    <span data-testid="sensitive-word-count">
      {t('settings.hint.SensitiveWords')} {t('settings.sensitive.count', { count })}
    </span>
  );
}

/** Sensitive word filtering: switches and the word list (one per line; checked, trimmed and de-duplicated before saving). */
export function SensitiveWordsCard() {
  const { t } = useTranslation();
  const check = (values: Record<string, unknown>): string | null => {
    const found = checkSensitiveWords(typeof values.SensitiveWords === 'string' ? values.SensitiveWords : '');
    if (!found) return null;
    if (found.problem === 'too_many') return t('settings.sensitive.tooMany', { max: sensitiveWordLimits.maxWords, count: found.count });
    return t('settings.sensitive.tooLong', { max: sensitiveWordLimits.maxLength, word: found.word.slice(0, 40) });
  };
  return (
    <OptionFormCard id="sensitive" title={t('settings.cards.sensitive')} keys={sensitiveKeys} check={check} prepare={cleanSensitiveWords}>
      {sensitiveSwitches.map((key) => (
        <OptionField key={key} optionKey={key} />
      ))}
      <OptionField optionKey="SensitiveWords" control="textarea" extra={<SensitiveWordCount />} />
    </OptionFormCard>
  );
}

const dashboardKeys = ['DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime'];

/** Data dashboard: on/off, refresh interval (≥ 1 minute) and default granularity. */
export function DashboardCard() {
  const { t } = useTranslation();
  const choices = (['hour', 'day', 'week'] as const).map((value) => ({ value, label: t(`settings.granularity.${value}`) }));
  return (
    <OptionFormCard id="dashboard" title={t('settings.cards.dashboard')} keys={dashboardKeys}>
      <OptionField optionKey="DataExportEnabled" wide />
      <OptionField optionKey="DataExportInterval" />
      <OptionField optionKey="DataExportDefaultTime" control="select" choices={choices} />
    </OptionFormCard>
  );
}

const monitoringKeys = ['ChannelDisableThreshold', 'QuotaRemindThreshold', 'AutomaticDisableChannelEnabled', 'AutomaticEnableChannelEnabled', 'AutomaticDisableKeywords'];

/** Channel monitoring: thresholds (≥ 0), auto disable/enable and the disabling keywords. */
export function MonitoringCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="monitoring" title={t('settings.cards.monitoring')} keys={monitoringKeys}>
      <OptionField optionKey="ChannelDisableThreshold" />
      <OptionField optionKey="QuotaRemindThreshold" extra={<QuotaHint optionKey="QuotaRemindThreshold" hint={t('settings.hint.QuotaRemindThreshold')} />} />
      <OptionField optionKey="AutomaticDisableChannelEnabled" wide />
      <OptionField optionKey="AutomaticEnableChannelEnabled" wide />
      <OptionField optionKey="AutomaticDisableKeywords" control="textarea" />
    </OptionFormCard>
  );
}

/** A hint followed by the amount the field's quota is worth. */
function QuotaHint({ optionKey, hint }: { optionKey: string; hint?: string }) {
  const { t } = useTranslation();
  const value: unknown = Form.useWatch(optionKey, Form.useFormInstance());
  const amount = typeof value === 'number' && Number.isFinite(value) ? renderQuota(value) : null;
  return (
    <>
      {hint ? `${hint} ` : null}
      {amount !== null ? <Typography.Text type="secondary">{t('settings.form.quotaPreview', { amount })}</Typography.Text> : null}
    </>
  );
}

/** The Realtime session limits, shown with the quota settings that bound the calls' reserves. */
const realtimeKeys = ['RealtimeIdleTimeoutSeconds', 'RealtimeMaxSessionSeconds', 'RealtimeMaxFrameBytes', 'RealtimeMaxSessionsPerToken'];

const quotaKeys = ['QuotaForNewUser', 'PreConsumedQuota', 'DefaultMaxOutputTokens', 'QuotaOutputCapEnabled', 'QuotaForInviter', 'QuotaForInvitee', ...realtimeKeys];

/** Quota grants, the pre-consumed amount (each with its value in dollars or compact units) and how reserves treat answers. */
export function QuotaCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="quota" title={t('settings.cards.quota')} keys={quotaKeys}>
      <OptionField optionKey="QuotaForNewUser" extra={<QuotaHint optionKey="QuotaForNewUser" />} />
      <OptionField optionKey="PreConsumedQuota" extra={<QuotaHint optionKey="PreConsumedQuota" hint={t('settings.hint.PreConsumedQuota')} />} />
      <OptionField optionKey="DefaultMaxOutputTokens" />
      <OptionField optionKey="QuotaOutputCapEnabled" />
      <OptionField optionKey="QuotaForInviter" extra={<QuotaHint optionKey="QuotaForInviter" />} />
      <OptionField optionKey="QuotaForInvitee" extra={<QuotaHint optionKey="QuotaForInvitee" />} />
      {realtimeKeys.map((key) => (
        <OptionField key={key} optionKey={key} />
      ))}
    </OptionFormCard>
  );
}

const chatsKeys = ['Chats'];

/** The chat links offered next to tokens and in the sidebar (Chats JSON). */
export function ChatsCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="chats" title={t('settings.cards.chats')} keys={chatsKeys}>
      <OptionField optionKey="Chats" />
    </OptionFormCard>
  );
}
