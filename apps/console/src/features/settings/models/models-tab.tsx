// The models tab: global relay settings, Gemini settings and Claude settings.
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';

const globalKeys = ['global.pass_through_request_enabled', 'general_setting.ping_interval_enabled', 'general_setting.ping_interval_seconds', 'ModelCapabilityOverrides'];
const geminiKeys = [
  'gemini.safety_settings',
  'gemini.version_settings',
  'gemini.supported_imagine_models',
  'gemini.thinking_adapter_enabled',
  'gemini.thinking_adapter_budget_tokens_percentage',
];
const claudeKeys = [
  'claude.model_headers_settings',
  'claude.default_max_tokens',
  'claude.thinking_adapter_enabled',
  'claude.thinking_adapter_budget_tokens_percentage',
];

/** The models tab. */
export default function ModelsTab() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} data-testid="settings-models">
      <OptionFormCard id="global" title={t('settings.cards.global')} keys={globalKeys}>
        <OptionField optionKey="global.pass_through_request_enabled" wide />
        <OptionField optionKey="general_setting.ping_interval_enabled" />
        <OptionField optionKey="general_setting.ping_interval_seconds" />
        <OptionField optionKey="ModelCapabilityOverrides" />
      </OptionFormCard>
      <OptionFormCard id="gemini" title={t('settings.cards.gemini')} keys={geminiKeys}>
        <OptionField optionKey="gemini.safety_settings" />
        <OptionField optionKey="gemini.version_settings" />
        <OptionField optionKey="gemini.supported_imagine_models" />
        <OptionField optionKey="gemini.thinking_adapter_enabled" wide />
        <OptionField optionKey="gemini.thinking_adapter_budget_tokens_percentage" step={0.05} />
      </OptionFormCard>
      <OptionFormCard id="claude" title={t('settings.cards.claude')} keys={claudeKeys}>
        <OptionField optionKey="claude.model_headers_settings" />
        <OptionField optionKey="claude.default_max_tokens" />
        <OptionField optionKey="claude.thinking_adapter_enabled" wide />
        <OptionField optionKey="claude.thinking_adapter_budget_tokens_percentage" step={0.05} />
      </OptionFormCard>
    </Flex>
  );
}
