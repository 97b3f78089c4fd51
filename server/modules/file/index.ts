import type { ServerModule } from '../../core/contract';
import { download, upload } from './file-handlers';

export { contentDisposition, FILE_URL } from './file-handlers';

export const fileModule: ServerModule = {
  resource: 'file',
  handlers: { upload, download },
};
