// A group's ratio as a coloured tag (the contract's one colour rule), wherever a group and its ratio are shown.
import { Tag } from 'antd';
import { groupRatioColor } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';

/** Props of the ratio tag. */
export interface GroupRatioTagProps {
  ratio: number;
  /** Test id of the tag. */
  testId?: string;
}

/** "ratio N" (zh: "倍率 N") in the colour of its size. */
export function GroupRatioTag({ ratio, testId }: GroupRatioTagProps) {
  const { t } = useTranslation();
  return (
    <Tag color={groupRatioColor(ratio)} data-testid={testId} data-color={groupRatioColor(ratio)} style={{ marginInlineEnd: 0 }}>
      {t('common.groupRatio', { ratio })}
    </Tag>
  );
}
