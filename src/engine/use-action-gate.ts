/**
 * The action gate for the signed-in user (see action-gate.ts).
 *
 * @example
 * const gate = useActionGate(staff);
 * gate.rowActions(row).map((name) => <a key={name}>{t(gate.action(name).title)}</a>);
 */
import { useMemo } from 'react';
import type { Resource } from '../schema';
import { useRuntime } from './runtime';
import { actionGate, type ActionGate } from './action-gate';

export function useActionGate(resource: Resource): ActionGate {
  const { user } = useRuntime();
  return useMemo(() => actionGate(resource, user), [resource, user]);
}
