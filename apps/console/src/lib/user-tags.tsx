// Role, status and group tags for users (spec 000 §4).
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Role, UserStatus } from '@turnpike/contract';

/** Role label: normal user, admin, super admin, or unknown. */
export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation();
  if (role === Role.Common) return <Tag data-testid="role-tag">{t('users.roleCommon')}</Tag>;
  if (role === Role.Admin) return <Tag color="gold" data-testid="role-tag">{t('users.roleAdmin')}</Tag>;
  if (role === Role.Root) return <Tag color="orange" data-testid="role-tag">{t('users.roleRoot')}</Tag>;
  return <Tag color="red" data-testid="role-tag">{t('users.roleUnknown')}</Tag>;
}

/** Status label: active, banned, or unknown. */
export function UserStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status === UserStatus.Enabled) return <Tag color="green" data-testid="status-tag">{t('users.statusEnabled')}</Tag>;
  if (status === UserStatus.Disabled) return <Tag color="red" data-testid="status-tag">{t('users.statusDisabled')}</Tag>;
  return <Tag data-testid="status-tag">{t('users.statusUnknown')}</Tag>;
}

const groupColors: Record<string, string> = { vip: 'gold', pro: 'gold', svip: 'red', premium: 'red' };
const palette = ['blue', 'cyan', 'green', 'geekblue', 'lime', 'magenta', 'orange', 'purple', 'volcano'];

/** A stable colour for a label. */
export function colorForText(text: string): string {
  let sum = 0;
  for (let index = 0; index < text.length; index += 1) sum += text.charCodeAt(index);
  return palette[sum % palette.length] ?? 'blue';
}

/** Group label(s); an empty group shows `default`. */
export function GroupTag({ group }: { group: string | undefined }) {
  const names = (group && group !== '' ? group : 'default').split(',').filter(Boolean).sort();
  return (
    <>
      {names.map((name) => (
        <Tag key={name} color={groupColors[name] ?? colorForText(name)} data-testid="group-tag">
          {name}
        </Tag>
      ))}
    </>
  );
}
