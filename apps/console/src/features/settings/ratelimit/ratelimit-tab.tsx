// The rate limit tab: the per-user model request rate limit and its group overrides.
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';

const rateLimitKeys = [
  'ModelRequestRateLimitEnabled',
  'ModelRequestRateLimitDurationMinutes',
  'ModelRequestRateLimitCount',
  'ModelRequestRateLimitSuccessCount',
  'ModelRequestRateLimitGroup',
];

/** The rate limit tab. */
export default function RateLimitTab() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} data-testid="settings-ratelimit">
      <OptionFormCard id="rate-limit" title={t('settings.cards.rateLimit')} keys={rateLimitKeys}>
        <OptionField optionKey="ModelRequestRateLimitEnabled" wide />
        <OptionField optionKey="ModelRequestRateLimitDurationMinutes" />
        <OptionField optionKey="ModelRequestRateLimitCount" />
        <OptionField optionKey="ModelRequestRateLimitSuccessCount" />
        <OptionField optionKey="ModelRequestRateLimitGroup" placeholder={'{\n  "default": [200, 100]\n}'} />
      </OptionFormCard>
    </Flex>
  );
}
