/**
 * A form in a ModalForm or DrawerForm (lazy chunk, loaded when a form action opens): initial values
 * from useFormController, client validation before the call, server field errors shown on the fields,
 * the action's success message, and the list refreshed after.
 */
import { DrawerForm, ModalForm } from '@ant-design/pro-components';
import { App, Form, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import type { Action, Resource } from '../../schema';
import { useFormController, type Row } from '../../engine';
import { useT } from '../i18n';
import { FormItems } from './FormItems';

export interface FormDialogProps {
  resource: Resource;
  formName: string;
  action?: Action;
  record?: Row;
  open: boolean;
  onClose: (changed: boolean) => void;
}

export default function FormDialog({ resource, formName, action, record, open, onClose }: FormDialogProps) {
  const view = resource.forms![formName];
  const ctl = useFormController(resource, formName, { record, open, params: action?.params as Record<string, unknown> | undefined });
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const t = useT();
  const columns = view.columns ?? 1;
  const width = view.width ?? (columns === 2 ? 720 : 520);

  // Each loaded set of initial values fills the form once. Not again when the effect only runs again
  // — a kept page shown after <Activity> hid it (left with this dialog open) — which put the loaded
  // values back over what the user had typed, and the old values were what OK sent.
  const filledWith = useRef<unknown>(null);
  useEffect(() => {
    if (!ctl.initialValues || filledWith.current === ctl.initialValues) return;
    filledWith.current = ctl.initialValues;
    form.setFieldsValue(ctl.initialValues);
  }, [ctl.initialValues, form]);

  const onFinish = async (values: Record<string, unknown>) => {
    const r = await ctl.submit(values);
    if (r.ok) {
      message.success(t(action?.success ?? 'renderer.saved'));
      onClose(true);
      return true;
    }
    if (r.fieldErrors.length) form.setFields(r.fieldErrors);
    message.error(r.message);
    return false;
  };

  const body = ctl.loadError ? (
    <Result status="error" title={t('renderer.loadFailed')} subTitle={ctl.loadError.message} />
  ) : (
    <Spin spinning={ctl.loading}>
      <FormItems resource={resource} items={ctl.items} columns={columns} requiredNames={ctl.requiredNames} />
    </Spin>
  );
  const common = {
    form,
    title: t(view.title),
    open,
    width,
    layout: 'vertical' as const,
    onFinish,
    initialValues: ctl.initialValues ?? undefined,
    submitter: {
      searchConfig: { submitText: t('renderer.ok'), resetText: t('renderer.cancel') },
      submitButtonProps: { disabled: ctl.loading || !!ctl.loadError },
    },
    onOpenChange: (o: boolean) => {
      if (!o) onClose(false);
    },
  };
  if (view.container === 'drawer') {
    return (
      <DrawerForm<Record<string, unknown>> {...common} drawerProps={{ destroyOnHidden: true, maskClosable: false }}>
        {body}
      </DrawerForm>
    );
  }
  return (
    <ModalForm<Record<string, unknown>> {...common} modalProps={{ destroyOnHidden: true, maskClosable: false }}>
      {body}
    </ModalForm>
  );
}
