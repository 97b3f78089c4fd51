import type { ServerModule } from '../../core/contract';
import { download, upload } from './file-handlers';
import { localizedAll } from '../store';

export { contentDisposition, FILE_URL } from './file-handlers';

export const fileModule: ServerModule = {
  resource: 'file',
  handlers: localizedAll({ upload, download }),
};
