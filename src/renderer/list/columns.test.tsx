import { describe, expect, it } from 'vitest';
import type { Resource } from '../../schema';
import { fakeRuntime } from '../../engine/testing';
import { tableColumns } from './columns';
import { directCellRenders } from './direct-cells';

describe('table columns', () => {
  it('keeps a field named "operation" apart from the row actions column', () => {
    const resource = {
      name: 'log',
      fields: { operation: { type: 'string', title: 'log.operation' }, at: { type: 'datetime', title: 'log.at' } },
      list: { api: 'list', columns: ['at', 'operation'] },
    } as unknown as Resource;
    const actions = () => 'row actions';
    const env = { t: (k: string) => k, runtime: fakeRuntime({}).runtime, tags: null };
    const cols = tableColumns(resource, env, actions, 80, {});
    const keys = cols.filter((c) => !c.hideInTable).map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    // the table's cells are looked up by key: the field's column draws its value, not the row actions
    const renders = directCellRenders(cols);
    expect(renders.get('operation')).not.toBe(renders.get(keys.at(-1)));
    expect(cols.find((c) => c.key === 'operation')?.title).toBe('log.operation');
  });
});
