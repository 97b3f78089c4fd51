/**
 * Every server module, in start and seed order. Append a module by adding one line; keep this
 * order: auth, system, file, staff, merchant, store, merchantAuth, product, order, logistics, analytics, profile, operationLog, workbench, live.
 */
import type { ServerModule } from '../core/contract';
import { authModule } from './auth';
import { systemModule } from './system';
import { fileModule } from './file';
import { staffModule } from './staff';
import { merchantModule } from './merchant';
import { storeModule } from './store';
import { merchantAuthModule } from './merchantAuth';
import { productModule } from './product';
import { orderModule } from './order';
import { logisticsModule } from './logistics';
import { analyticsModule } from './analytics';
import { profileModule } from './profile';
import { operationLogModule } from './operationLog';
import { workbenchModule } from './workbench';
import { liveModule } from './live';

export const modules: ServerModule[] = [
  authModule,
  systemModule,
  fileModule,
  staffModule,
  merchantModule,
  storeModule,
  merchantAuthModule,
  productModule,
  orderModule,
  logisticsModule,
  analyticsModule,
  profileModule,
  operationLogModule,
  workbenchModule,
  liveModule,
];
