/**
 * One of the profile schema's forms on the page (not in a dialog): the renderer's form items and the
 * engine's form controller, so rules, controls and server field errors are the schema's own.
 */
import { App, Button, Form, Spin } from 'antd';
import { useEffect } from 'react';
import { useFormController } from '../../engine';
import { FormItems } from '../../renderer/forms/FormItems';
import { useT } from '../../renderer';
import type { Resource } from '../../schema';

interface Props {
  resource: Resource;
  formName: string;
  /** loads the form's `load` binding first (edit forms); absent: starts from field defaults */
  load?: boolean;
  submitText: string;
  successText: string;
  /** after a successful submit; `reset` empties the form (password forms) */
  onDone?: (data: unknown) => void;
  reset?: boolean;
}

const EMPTY = {};

export function SchemaForm({ resource, formName, load, submitText, successText, onDone, reset }: Props) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const ctl = useFormController(resource, formName, { record: load ? EMPTY : undefined });

  useEffect(() => {
    if (ctl.initialValues) form.setFieldsValue(ctl.initialValues);
  }, [ctl.initialValues, form]);

  const onFinish = async (values: Record<string, unknown>) => {
    const r = await ctl.submit(values);
    if (r.ok) {
      message.success(t(successText));
      if (reset) form.resetFields();
      onDone?.(r.data);
      return;
    }
    if (r.fieldErrors.length) form.setFields(r.fieldErrors);
    else message.error(r.message);
  };

  return (
    <Spin spinning={ctl.loading}>
      <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 480 }} data-testid={`profile-form-${formName}`}>
        <FormItems resource={resource} items={ctl.items} columns={1} requiredNames={ctl.requiredNames} />
        <Button type="primary" htmlType="submit" loading={ctl.submitting} disabled={!!ctl.loadError}>
          {t(submitText)}
        </Button>
      </Form>
    </Spin>
  );
}
