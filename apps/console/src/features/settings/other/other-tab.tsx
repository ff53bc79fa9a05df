// The other tab (spec 000 §2 operation settings): system information, announcement and the site's personalization.
import { Card, Descriptions, Divider, Flex } from 'antd';
import dayjs from 'dayjs';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../../lib/site-status';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { OptionField, type OptionControl } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';
import { UpdateCheckButton } from './update-check-button';

type ContentKey = 'Notice' | 'SystemName' | 'Logo' | 'HomePageContent' | 'About' | 'Footer';

interface ContentEditorSpec {
  key: ContentKey;
  control: OptionControl;
  placeholder?: string;
}

const personalization: ContentEditorSpec[] = [
  { key: 'SystemName', control: 'text' },
  { key: 'Logo', control: 'text', placeholder: '/logo.png' },
  { key: 'HomePageContent', control: 'textarea' },
  { key: 'About', control: 'textarea' },
  { key: 'Footer', control: 'text' },
];

/** The button label and the success message of each content option (spec 000 §8). */
const contentMessages = {
  Notice: { save: 'setNotice', updated: 'noticeUpdated' },
  SystemName: { save: 'setSystemName', updated: 'systemNameUpdated' },
  Logo: { save: 'setLogo', updated: 'logoUpdated' },
  HomePageContent: { save: 'setHomePageContent', updated: 'homePageContentUpdated' },
  About: { save: 'setAbout', updated: 'aboutUpdated' },
  Footer: { save: 'setFooter', updated: 'footerUpdated' },
} as const satisfies Record<ContentKey, { save: string; updated: string }>;

const keysOf = new Map<ContentKey, string[]>((['Notice', ...personalization.map((spec) => spec.key)] as ContentKey[]).map((key) => [key, [key]]));

/** One content option with its own save button and its own "updated" message. */
function ContentEditor({ spec }: { spec: ContentEditorSpec }) {
  const { t } = useTranslation();
  return (
    <OptionFormCard
      id={`content-${spec.key}`}
      keys={keysOf.get(spec.key) ?? [spec.key]}
      variant="borderless"
      saveLabel={t(`settings.other.${contentMessages[spec.key].save}`)}
      savedMessage={t(`settings.other.${contentMessages[spec.key].updated}`)}
    >
      <OptionField optionKey={spec.key} control={spec.control} wide placeholder={spec.placeholder} />
    </OptionFormCard>
  );
}

/** The other tab. */
export default function OtherTab() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const size = useIsMobile() ? 'small' : 'default';
  return (
    <Flex vertical gap={16} data-testid="settings-other">
      <Card size={size} title={t('settings.cards.systemInfo')} data-testid="settings-card-system-info">
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('settings.other.version')}>
            <Flex gap={8} align="center" wrap>
              <span>{status.version || t('settings.other.unknown')}</span>
              <UpdateCheckButton />
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('settings.other.startTime')}>
            {status.start_time ? dayjs.unix(status.start_time).format('YYYY-MM-DD HH:mm:ss') : t('settings.other.unknown')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size={size} title={t('settings.cards.notice')} data-testid="settings-card-notice">
        <ContentEditor spec={{ key: 'Notice', control: 'textarea' }} />
      </Card>
      <Card size={size} title={t('settings.cards.personalization')} data-testid="settings-card-personalization">
        {personalization.map((spec, index) => (
          <Fragment key={spec.key}>
            {index > 0 ? <Divider /> : null}
            <ContentEditor spec={spec} />
          </Fragment>
        ))}
      </Card>
    </Flex>
  );
}
