// The upstream API of an OpenAI channel (chat completions, Responses, or chosen by model), kept in the channel's
// `setting` JSON: the select reads the choice from that text and writes it back, leaving its other keys as they are.
import { Form, Select } from 'antd';
import { upstreamApiChoices, upstreamApiOfSettingText, withUpstreamApi, type ProviderDescriptor, type UpstreamApiChoice } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';

/** The select, shown only for channel types whose upstream serves both OpenAI APIs. */
export function ChannelUpstreamApiField({ descriptor }: { descriptor: ProviderDescriptor | undefined }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const setting = (Form.useWatch('setting', form) as string | undefined) ?? '';
  if (!descriptor?.responsesApi) return null;
  const labels: Record<UpstreamApiChoice, string> = {
    auto: t('channels.form.upstreamApiAuto'),
    'chat-completions': t('channels.form.upstreamApiChat'),
    responses: t('channels.form.upstreamApiResponses'),
  };
  return (
    <Form.Item label={t('channels.form.upstreamApi')} extra={t('channels.form.upstreamApiHint')}>
      <Select<UpstreamApiChoice>
        data-testid="channel-upstream-api"
        value={upstreamApiOfSettingText(setting)}
        options={upstreamApiChoices.map((choice) => ({ value: choice, label: labels[choice] }))}
        onChange={(choice) => form.setFieldValue('setting', withUpstreamApi(setting, choice))}
      />
    </Form.Item>
  );
}
