import type { ModuleHandlers, ServerModule } from '../../core/contract';
import type { FileBindings, FileResults } from '../../../src/generated/types';
import { download, upload } from './file-handlers';

export { contentDisposition, FILE_URL } from './file-handlers';

export const fileModule: ServerModule = {
  resource: 'file',
  handlers: { upload, download } satisfies ModuleHandlers<FileBindings, FileResults>,
};
