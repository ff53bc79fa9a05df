// Email domain restriction: the two switches and the whitelist editor (domain pattern, no duplicates).
import { useState } from 'react';
import { Button, Col, Form, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';
import { addDomain, domainListCodec } from './system-rules';

const emailDomainKeys = ['EmailDomainRestrictionEnabled', 'EmailAliasRestrictionEnabled', 'EmailDomainWhitelist'];
const codecs = { EmailDomainWhitelist: domainListCodec };

/** A list of domains with an input to add one; each domain can be removed. */
function DomainListInput({ value = [], onChange }: { value?: string[]; onChange?: (next: string[]) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const add = (): void => {
    const result = addDomain(value, draft);
    if (result === 'invalid') notify.error(t('settings.system.domainInvalid'));
    else if (result === 'duplicate') notify.error(t('settings.system.domainDuplicate'));
    else {
      onChange?.(result);
      setDraft('');
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="email-domain-list">
      <div>
        {value.length === 0 ? <Typography.Text type="secondary">{t('settings.system.noDomains')}</Typography.Text> : null}
        {value.map((domain) => (
          <Tag key={domain} closable onClose={() => onChange?.(value.filter((item) => item !== domain))} style={{ marginBottom: 4 }} data-testid={`email-domain-${domain}`}>
            {domain}
          </Tag>
        ))}
      </div>
      <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
        <Input
          name="EmailDomainWhitelist"
          value={draft}
          placeholder={t('settings.system.domainPlaceholder')}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            add();
          }}
        />
        <Button onClick={add} data-testid="email-domain-add">
          {t('settings.system.addDomain')}
        </Button>
      </Space.Compact>
    </Space>
  );
}

/** The email domain whitelist card. */
export function EmailDomainCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="email-domain" title={t('settings.cards.emailDomain')} keys={emailDomainKeys} codecs={codecs}>
      <OptionField optionKey="EmailDomainRestrictionEnabled" />
      <OptionField optionKey="EmailAliasRestrictionEnabled" />
      <Col span={24}>
        <Form.Item label={t('settings.label.EmailDomainWhitelist')} name="EmailDomainWhitelist" extra={t('settings.hint.EmailDomainWhitelist')}>
          <DomainListInput />
        </Form.Item>
      </Col>
    </OptionFormCard>
  );
}
