// The add-user dialog: username, display name, password (username and password required).
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkInput, checkUsernameRule, userCreateSchema } from '@turnpike/contract';
import { notify } from '../../lib/notify';
import { problemMessage } from '../../lib/problem-text';
import { useCreateUser, type UserCreatePayload } from './users-api';

/** Props of the add-user dialog. */
export interface UserAddModalProps {
  open: boolean;
  onClose: () => void;
}

/** Creates a user with POST /api/user/. */
export function UserAddModal({ open, onClose }: UserAddModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<UserCreatePayload>>();
  const createUser = useCreateUser();

  const close = (): void => {
    form.resetFields();
    onClose();
  };

  const submit = (): void => {
    const values = form.getFieldsValue();
    const checked = checkInput(userCreateSchema, { username: values.username ?? '', password: values.password ?? '' });
    if (!checked.ok) {
      notify.error(problemMessage(checked.problem));
      return;
    }
    const usernameRule = checkUsernameRule(checked.value.username);
    if (!usernameRule.ok) {
      notify.error(problemMessage(usernameRule.problem));
      return;
    }
    const username = usernameRule.value;
    const password = checked.value.password;
    createUser.mutate(
      { username, display_name: values.display_name?.trim() || username, password },
      {
        onSuccess: () => {
          notify.success(t('users.created'));
          close();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('users.addUser')}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={createUser.isPending}
      data-testid="user-add-modal"
      forceRender
    >
      <Form form={form} layout="vertical" name="add-user" onFinish={submit}>
        <Form.Item label={t('users.username')} name="username">
          <Input name="username" placeholder={t('users.usernamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('users.displayName')} name="display_name">
          <Input name="display_name" placeholder={t('users.displayNamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('users.password')} name="password">
          <Input.Password name="password" placeholder={t('users.passwordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
