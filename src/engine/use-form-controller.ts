/**
 * A form dialog's logic: items, initial values (from the form's `load` binding, else the row, else
 * field defaults), submit through the form's binding with only the binding's input fields, an
 * idempotency key per opening (idempotent bindings), and server field errors mapped onto fields.
 *
 * @example
 * const form = useFormController(staff, 'edit', { record: row, open });
 * const result = await form.submit(values);
 * if (!result.ok) antdForm.setFields(result.fieldErrors);
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { matchesWhen, resolveBindingInput, type ApiBinding, type Resource } from '../schema';
import { useRuntime } from './runtime';
import { normalizeFormItems, pick, requireBinding, type NormalizedFormItem } from './resource-helpers';
import { newIdempotencyKey } from './idempotency';
import { fieldErrorsOf, type FieldError } from './server-errors';
import { bindingInput } from './wire-values';

export type SubmitResult = { ok: true; data: unknown } | { ok: false; error: Error; fieldErrors: FieldError[]; message: string };

export interface FormController {
  items: NormalizedFormItem[];
  /** names the binding requires (besides field declarations) */
  requiredNames: Set<string>;
  initialValues: Record<string, unknown> | null;
  loading: boolean;
  loadError: Error | null;
  submitting: boolean;
  idempotencyKey: string | undefined;
  isVisible: (item: NormalizedFormItem, values: Record<string, unknown>) => boolean;
  submit: (values: Record<string, unknown>) => Promise<SubmitResult>;
}

export interface FormControllerOptions {
  /** the row the action was opened on (edit/action forms) */
  record?: Record<string, unknown>;
  /** fixed values merged into the request (action.params) */
  params?: Record<string, unknown>;
  /** the dialog is open; a new opening gets a new idempotency key and reloads */
  open?: boolean;
}

function defaultsOf(resource: Resource, items: NormalizedFormItem[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const it of items) {
    const d = resource.fields?.[it.field]?.default;
    if (d !== undefined) out[it.field] = d;
  }
  return out;
}

/**
 * The GET a form makes as it opens on `row` (its `load` binding, with the row's values for its inputs);
 * undefined when it loads nothing. A press on the action's link can send it ahead (Runtime.prefetch).
 */
export function formLoadCall(
  resource: Resource,
  formName: string,
  row: Record<string, unknown>,
): { binding: ApiBinding; input: Record<string, unknown> } | undefined {
  const load = resource.forms?.[formName]?.load;
  if (!load) return undefined;
  const binding = requireBinding(resource, load);
  const input = pick(
    row,
    resolveBindingInput(resource, binding).map((p) => p.name),
  );
  return { binding, input };
}

export function useFormController(resource: Resource, formName: string, opts: FormControllerOptions = {}): FormController {
  const { call } = useRuntime();
  const view = resource.forms?.[formName];
  if (!view) throw new Error(`resource "${resource.name}" has no form "${formName}"`);
  const binding = requireBinding(resource, view.api);
  const loadBinding = view.load ? requireBinding(resource, view.load) : undefined;
  const items = useMemo(() => normalizeFormItems(resource, view.items), [resource, view]);
  const requiredNames = useMemo(
    () =>
      new Set(
        resolveBindingInput(resource, binding)
          .filter((p) => p.required)
          .map((p) => p.name),
      ),
    [resource, binding],
  );
  const open = opts.open ?? true;
  const record = opts.record;

  const [initialValues, setInitial] = useState<Record<string, unknown> | null>(
    loadBinding && record ? null : { ...defaultsOf(resource, items), ...(record ?? {}) },
  );
  const [loading, setLoading] = useState(!!(loadBinding && record));
  const [loadError, setLoadError] = useState<Error | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [key, setKey] = useState<string | undefined>(() => (binding.idempotent ? newIdempotencyKey() : undefined));
  const wasOpen = useRef(open);

  useEffect(() => {
    if (open && !wasOpen.current && binding.idempotent) setKey(newIdempotencyKey());
    wasOpen.current = open;
  }, [open, binding.idempotent]);

  // Keyed by content, so a caller passing a fresh object each render does not reload in a loop.
  const recordKey = record ? JSON.stringify(record) : '';
  // The record whose values the open form holds: an effect that only runs again (a kept page shown
  // after <Activity> hid it with this form open) loads nothing, so what the user typed stands.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!open) {
      filledFor.current = null;
      return;
    }
    if (filledFor.current === recordKey) return;
    const row = recordKey ? (JSON.parse(recordKey) as Record<string, unknown>) : undefined;
    const base = { ...defaultsOf(resource, items), ...(row ?? {}) };
    if (!loadBinding || !row) {
      filledFor.current = recordKey;
      setInitial(base);
      setLoading(false);
      return;
    }
    const ac = new AbortController();
    setLoading(true);
    const { input } = formLoadCall(resource, formName, row)!;
    call<Record<string, unknown>>(loadBinding, input, { signal: ac.signal })
      .then((data) => {
        if (ac.signal.aborted) return;
        filledFor.current = recordKey;
        setInitial({ ...base, ...(data ?? {}) });
        setLoadError(null);
      })
      .catch((e: unknown) => !ac.signal.aborted && setLoadError(e instanceof Error ? e : new Error(String(e))))
      .finally(() => !ac.signal.aborted && setLoading(false));
    return () => ac.abort();
  }, [open, call, resource, formName, items, recordKey, loadBinding]);

  const isVisible = useCallback((item: NormalizedFormItem, values: Record<string, unknown>) => matchesWhen(item.visibleWhen, values), []);

  const submit = useCallback(
    async (values: Record<string, unknown>): Promise<SubmitResult> => {
      // Hidden (visibleWhen) items are not sent: what the user cannot see, they did not choose.
      const shown = Object.fromEntries(
        Object.entries(values).filter(([k]) => {
          const it = items.find((i) => i.field === k);
          return !it || matchesWhen(it.visibleWhen, values);
        }),
      );
      const input = bindingInput(resource, binding, { ...(record ?? {}), ...(initialValues ?? {}), ...shown, ...(opts.params ?? {}) });
      setSubmitting(true);
      try {
        const data = await call(binding, input, key ? { idempotencyKey: key } : undefined);
        return { ok: true, data };
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        const mapped = fieldErrorsOf(
          error,
          items.map((i) => i.field),
        );
        return { ok: false, error, fieldErrors: mapped.fields, message: mapped.rest[0] ?? error.message };
      } finally {
        setSubmitting(false);
      }
    },
    [call, resource, binding, record, initialValues, items, key, opts.params],
  );

  return { items, requiredNames, initialValues, loading, loadError, submitting, idempotencyKey: key, isVisible, submit };
}
