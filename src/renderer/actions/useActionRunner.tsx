/**
 * Runs actions from toolbars, rows, bulk selections and the detail drawer:
 * api → confirm text, then the call with params merged; form → the form dialog; detail → the detail
 * view; link → navigate; `render` → a registered component in place of the default dialog.
 * Returns `run`, `runBulk` and the element that hosts the open dialogs (render it once).
 *
 * @example
 * const runner = useActionRunner(staff, list.refetch);
 * <a onClick={() => runner.run('disable', row)}>停用</a>
 * {runner.element}
 */
import { App, Typography } from 'antd';
import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Action, ApiBinding, Resource } from '../../schema';
import { callAction, detailCalls, formLoadCall, linkTarget, rowKeyOf, runBulk, takesIdList, useActionGate, useRuntime, type Row } from '../../engine';
import { useT } from '../i18n';
import { getSlot } from '../slots';
import { lazyPreload, preloadComponent } from '../../engine/lazy-preload';
import { whenIdle } from '../../engine/idle';
import { painted } from '../../engine/after-paint';
import { within } from '../../engine/settled';
import { preloadDetailSlots } from '../detail/preload-detail';
import { actionKind } from './action-kind';

// Loaded before they open (lazy-preload.ts): a Suspense fallback shown first would hold each of them
// back ≥ 300 ms (React 19), the detail drawer twice (its own chunk, then its slots').
const FormDialog = lazyPreload(() => import('../forms/FormDialog'));
const DetailView = lazyPreload(() => import('../detail/DetailView'));
const BatchDialog = lazyPreload(() => import('../batch/BatchDialog'));

export const DETAIL_PARAM = 'detail';

/** How long a detail drawer waits for its record's and sections' answers before it opens with a skeleton instead. */
export const DETAIL_ANSWERS_WAIT_MS = 200;

type Dialog = { kind: 'form'; action: string; record?: Row; open: boolean } | { kind: 'custom'; action: string; record?: Row; open: boolean };

export interface ActionRunner {
  run: (name: string, record?: Row) => void;
  /** an action's link pressed, before its click: what its click will ask for can leave now */
  press: (name: string, record: Row) => void;
  runBulk: (name: string, rows: Row[]) => void;
  element: ReactNode;
}

export function useActionRunner(resource: Resource, refetch: () => void, onBulkDone?: () => void): ActionRunner {
  const { call, user, prefetch } = useRuntime();
  const { modal, message } = App.useApp();
  const t = useT();
  // The router's setters change with the URL (a new setSearchParams per search): read at the click
  // through a ref, so `run` — and the table's columns built on it — stay the same across pages and tabs.
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const router = useRef({ navigate, setSearch });
  router.current = { navigate, setSearch };
  const gate = useActionGate(resource);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [detail, setDetail] = useState<{ record: Row; open: boolean; version: number } | null>(null);
  const [batch, setBatch] = useState<{ action: string; rows: Row[]; open: boolean; seq: number } | null>(null);

  const changed = useCallback(() => {
    refetch();
    setDetail((d) => (d ? { ...d, version: d.version + 1 } : d));
  }, [refetch]);

  const closeDialog = useCallback(
    (didChange: boolean) => {
      setDialog((d) => (d ? { ...d, open: false } : d));
      // Keep the dialog mounted while it animates out.
      setTimeout(() => setDialog((d) => (d && !d.open ? null : d)), 300);
      if (didChange) changed();
    },
    [changed],
  );

  // Once the screen is up and the browser idle, the code of the drawer and the form dialog its user may
  // open: the first 查看 or 新建 then waits for no download (a drawer's chunks, five with its slots, took ~100 ms
  // after the click in the bench, on loopback, before it could open).
  useEffect(() => {
    const kinds = new Set(Object.keys(resource.actions ?? {}).flatMap((n) => (gate.allowed(n) && !gate.action(n).render ? [actionKind(gate.action(n))] : [])));
    if (!kinds.has('detail') && !kinds.has('form')) return;
    return whenIdle(() => {
      if (kinds.has('detail')) void Promise.all([preloadComponent(DetailView), preloadDetailSlots(resource)]).catch(() => {});
      if (kinds.has('form')) void preloadComponent(FormDialog).catch(() => {});
    }, 3000);
  }, [resource, gate]);

  /** The GETs the view an action opens on `record` makes first: a detail's record and sections, a form's load. */
  const firstCalls = useCallback(
    (a: Action, record: Row | undefined): { binding: ApiBinding; input: Record<string, unknown> }[] => {
      if (!record) return [];
      const kind = actionKind(a);
      if (kind === 'detail') return detailCalls(resource, record);
      const load = kind === 'form' && a.form ? formLoadCall(resource, a.form, record) : undefined;
      return load ? [load] : [];
    },
    [resource],
  );

  const run = useCallback(
    (name: string, record?: Row) => {
      const a = gate.action(name);
      if (a.render) {
        void preloadComponent(getSlot(a.render)).then(() => setDialog({ kind: 'custom', action: name, record, open: true }));
        return;
      }
      switch (actionKind(a)) {
        case 'form':
          // the form's own load leaves now, not once its dialog has mounted
          for (const c of firstCalls(a, record)) prefetch?.(c.binding, c.input);
          void preloadComponent(FormDialog).then(() => setDialog({ kind: 'form', action: name, record, open: true }));
          return;
        case 'detail': {
          if (!record) return;
          // the record's and its sections' requests leave now, together, not one after the other as
          // the drawer's code comes, the record renders and then its sections do
          const answers = firstCalls(a, record).map((c) => prefetch?.(c.binding, c.input));
          if (resource.detail?.container === 'page') {
            router.current.setSearch((s) => {
              const n = new URLSearchParams(s);
              n.set(DETAIL_PARAM, rowKeyOf(resource, record));
              return n;
            });
          } else {
            // Opened once the click's frame has painted (the row's pressed state; Event Timing) and the
            // record's and its sections' answers are in (at most DETAIL_ANSWERS_WAIT_MS): the drawer
            // draws them as it mounts (useDetail, TimelineSlot), in one render. Opened at once, it drew a
            // skeleton first, laid out, and the record a frame after the answer. A/B in one run, 6 × 3
            // opens each: click → result median 110 → 93 ms. A slow answer opens it with its skeleton.
            const code = Promise.all([preloadComponent(DetailView), preloadDetailSlots(resource)]);
            void Promise.all([code, painted(), within(Promise.all(answers), DETAIL_ANSWERS_WAIT_MS)]).then(() => setDetail({ record, open: true, version: 0 }));
          }
          return;
        }
        case 'link': {
          const to = linkTarget(a.to ?? '', record ?? {});
          if (/^https?:\/\//.test(to)) window.open(to, '_blank', 'noopener');
          else router.current.navigate(to);
          return;
        }
        case 'api': {
          const go = async () => {
            try {
              await callAction(call, resource, name, record ?? {});
              message.success(t(a.success ?? 'renderer.action.done', { action: t(a.title) }));
              changed();
            } catch (e) {
              message.error((e as Error).message);
            }
          };
          if (a.confirm) {
            modal.confirm({
              title: t(a.title),
              content: t(a.confirm),
              okText: t('renderer.ok'),
              cancelText: t('renderer.cancel'),
              okButtonProps: { danger: !!a.danger },
              onOk: go,
            });
          } else void go();
        }
      }
    },
    [gate, resource, call, prefetch, firstCalls, message, modal, t, changed],
  );

  /**
   * An action's link pressed (pointer down), before its click: the requests of the drawer or the form
   * its click opens leave now (kept briefly: a press that ends elsewhere is no click). The click's own
   * prefetch and the view's calls then find them on their way (the shell's prefetch registry).
   */
  const press = useCallback(
    (name: string, record: Row) => {
      const a = gate.action(name);
      if (a.render) return;
      for (const c of firstCalls(a, record)) prefetch?.(c.binding, c.input, { press: true });
    },
    [gate, prefetch, firstCalls],
  );

  const runBulkAction = useCallback(
    (name: string, rows: Row[]) => {
      const a = gate.action(name);
      // Each row its own request, each reported (src/renderer/batch); a binding taking a list of ids
      // answers for all rows in one call.
      if (!takesIdList(resource, name)) {
        void preloadComponent(BatchDialog).then(() => setBatch((b) => ({ action: name, rows, open: true, seq: (b?.seq ?? 0) + 1 })));
        return;
      }
      const go = async () => {
        try {
          const s = await runBulk(call, resource, name, rows, user?.id);
          if (s.failed.length === 0 && s.skipped === 0) {
            message.success(t('renderer.bulk.allDone', { action: t(a.title), count: s.succeeded }));
          } else {
            modal.info({
              title: t('renderer.bulk.summaryTitle', { action: t(a.title) }),
              okText: t('renderer.ok'),
              content: (
                <div>
                  <p>{t('renderer.bulk.summary', { succeeded: s.succeeded, failed: s.failed.length, skipped: s.skipped })}</p>
                  {s.failed.length > 0 && (
                    <ul style={{ paddingInlineStart: 18, maxHeight: 240, overflow: 'auto' }}>
                      {s.failed.map((f) => (
                        <li key={f.key}>
                          <Typography.Text code>{f.label}</Typography.Text> {f.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ),
            });
          }
          onBulkDone?.();
          changed();
        } catch (e) {
          message.error((e as Error).message);
        }
      };
      modal.confirm({
        title: t(a.title),
        content: a.confirm ? t(a.confirm) : t('renderer.bulk.confirm', { action: t(a.title), count: rows.length }),
        okText: t('renderer.ok'),
        cancelText: t('renderer.cancel'),
        okButtonProps: { danger: !!a.danger },
        onOk: go,
      });
    },
    [gate, call, resource, user, message, modal, t, onBulkDone, changed],
  );

  let dialogEl: ReactNode = null;
  if (dialog?.kind === 'form') {
    const a = gate.action(dialog.action);
    dialogEl = <FormDialog resource={resource} formName={a.form!} action={a} record={dialog.record} open={dialog.open} onClose={closeDialog} />;
  } else if (dialog?.kind === 'custom') {
    const Custom = getSlot(gate.action(dialog.action).render!);
    dialogEl = <Custom resource={resource} record={dialog.record ?? {}} open={dialog.open} onClose={closeDialog} />;
  }

  const batchEl = batch && (
    <BatchDialog
      key={batch.seq}
      resource={resource}
      action={batch.action}
      rows={batch.rows}
      open={batch.open}
      onClose={(didChange) => {
        setBatch((b) => (b ? { ...b, open: false } : b));
        setTimeout(() => setBatch((b) => (b && !b.open ? null : b)), 300);
        if (didChange) {
          onBulkDone?.();
          changed();
        }
      }}
    />
  );

  // Separate boundaries: while the lazy FormDialog chunk loads, only the dialog suspends. One shared
  // boundary would hide the open detail drawer meanwhile, and revealing it re-mounts its portal after
  // the dialog's, so a dialog opened from the drawer would sit behind it.
  const element = (
    <>
      <Suspense fallback={null}>{dialogEl}</Suspense>
      <Suspense fallback={null}>{batchEl}</Suspense>
      <Suspense fallback={null}>
        {detail && (
          <DetailView
            key={rowKeyOf(resource, detail.record)}
            resource={resource}
            row={detail.record}
            version={detail.version}
            container="drawer"
            open={detail.open}
            onClose={() => {
              setDetail((d) => (d ? { ...d, open: false } : d));
              setTimeout(() => setDetail((d) => (d && !d.open ? null : d)), 300);
            }}
            onRun={run}
            onChanged={refetch}
          />
        )}
      </Suspense>
    </>
  );
  return { run, press, runBulk: runBulkAction, element };
}
