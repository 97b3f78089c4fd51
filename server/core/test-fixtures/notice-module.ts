/** A plain CRUD module on the resource layer, as src/codegen/README.md walks through it. */
import type { ServerModule } from '../contract';
import { defineResource } from '../resource-write';

export const notices = defineResource({ name: 'notice', table: 'notices', schemasDir: import.meta.dirname, touch: 'updated_at' });

export const noticeModule: ServerModule = {
  resource: 'notice',
  handlers: {
    list: ({ db, input }) => notices.list(db, input),
    get: ({ db, input }) => notices.get(db, input.id),
    save: ({ db, input, nextId }) => notices.save(db, input, nextId),
    remove: ({ db, input }) => notices.remove(db, input.id),
  },
};
