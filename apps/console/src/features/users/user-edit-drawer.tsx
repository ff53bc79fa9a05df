// The admin user editor (drawer): profile, group, quota with the add-quota dialog; bindings read-only.
import { useEffect, useState } from 'react';
import { Button, Divider, Drawer, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkUsernameRule } from '@turnpike/contract';
import { GroupRatioTag } from '../../lib/group-ratio-tag';
import { notify } from '../../lib/notify';
import { problemMessage } from '../../lib/problem-text';
import { renderQuota } from '../../lib/quota-format';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useOptions } from '../settings/settings-api';
import { AddQuotaModal } from './add-quota-modal';
import { useGroups, useUpdateUser, useUserDetail, type UserRecord } from './users-api';

/** The GroupRatio option's ratios by group (an unreadable value shows no ratios). */
function groupRatios(text: string | undefined): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return {};
  }
}

interface EditFormValues {
  username: string;
  display_name: string;
  password: string;
  group: string;
  quota: number;
}

/** Read-only binding fields shown under the editable ones. */
const bindingFields = ['github_id', 'oidc_id', 'wechat_id', 'email', 'telegram_id', 'linux_do_id'] as const;

/** Props of the editor. */
export interface UserEditDrawerProps {
  userId: number | null;
  onClose: () => void;
}

function toFormValues(user: UserRecord): EditFormValues {
  return {
    username: user.username ?? '',
    display_name: user.display_name ?? '',
    password: '',
    group: user.group || 'default',
    quota: user.quota ?? 0,
  };
}

/** Edits one user with PUT /api/user/; open while `userId` is set. */
export function UserEditDrawer({ userId, onClose }: UserEditDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [form] = Form.useForm<EditFormValues>();
  const [addQuotaOpen, setAddQuotaOpen] = useState(false);
  const detail = useUserDetail(userId);
  const groups = useGroups();
  const updateUser = useUpdateUser();
  const quota = Form.useWatch('quota', form) ?? 0;
  const user = detail.data;

  useEffect(() => {
    if (userId === null) form.resetFields();
    else if (user) form.setFieldsValue(toFormValues(user));
  }, [userId, user, form]);

  const submit = (values: EditFormValues): void => {
    if (userId === null) return;
    if (!values.username?.trim()) {
      notify.error(t('users.usernameRequired'));
      return;
    }
    const username = checkUsernameRule(values.username);
    if (!username.ok) {
      notify.error(problemMessage(username.problem));
      return;
    }
    updateUser.mutate(
      {
        id: userId,
        username: username.value,
        display_name: values.display_name?.trim() ?? '',
        password: values.password ?? '',
        group: values.group,
        quota: Math.trunc(Number(values.quota) || 0),
      },
      {
        onSuccess: () => {
          notify.success(t('users.updated'));
          onClose();
        },
      },
    );
  };

  const ratios = groupRatios(useOptions().data?.GroupRatio);
  const groupOptions = (groups.data ?? []).map((name) => ({
    value: name,
    label: (
      <Space size={6}>
        <span>{name}</span>
        {ratios[name] !== undefined ? <GroupRatioTag ratio={ratios[name]} testId={`user-group-ratio-${name}`} /> : null}
      </Space>
    ),
  }));
  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 600}
      title={t('users.editUser')}
      forceRender
      rootClassName="user-edit-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose} data-testid="user-edit-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" onClick={() => form.submit()} loading={updateUser.isPending} data-testid="user-edit-submit">
            {t('common.submit')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={detail.isFetching}>
        <Form<EditFormValues> form={form} name="edit-user" layout="vertical" onFinish={submit} data-testid="user-edit-form">
          <Form.Item label={t('users.username')} name="username">
            <Input name="username" placeholder={t('users.newUsernamePlaceholder')} autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('users.password')} name="password">
            <Input.Password name="password" placeholder={t('users.newPasswordPlaceholder')} autoComplete="new-password" />
          </Form.Item>
          <Form.Item label={t('users.displayName')} name="display_name">
            <Input name="display_name" placeholder={t('users.newDisplayNamePlaceholder')} autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('users.group')} name="group">
            <Select showSearch optionFilterProp="value" data-testid="user-edit-group" options={groupOptions} placeholder={t('users.groupPlaceholder')} />
          </Form.Item>
          <Form.Item label={t('users.remainingQuotaWithValue', { value: renderQuota(Number(quota) || 0) })}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="quota" noStyle>
                <InputNumber name="quota" data-testid="user-edit-quota" precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Button onClick={() => setAddQuotaOpen(true)} data-testid="user-edit-add-quota">
                {t('users.addQuota')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Divider titlePlacement="start">{t('users.readOnlySection')}</Divider>
          {bindingFields.map((field) => (
            <Form.Item key={field} label={t(`users.binding.${field}`)}>
              <Input name={field} readOnly value={user?.[field] ?? ''} placeholder={t('users.bindingReadOnlyHint')} />
            </Form.Item>
          ))}
        </Form>
      </Spin>
      <AddQuotaModal
        open={addQuotaOpen}
        currentQuota={Number(quota) || 0}
        onClose={() => setAddQuotaOpen(false)}
        onAdd={(amount) => form.setFieldValue('quota', (Number(form.getFieldValue('quota')) || 0) + amount)}
      />
    </Drawer>
  );
}
