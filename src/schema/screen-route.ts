import type { Resource } from './resource';

/**
 * One screen in the generated route tree (src/generated/routes.ts). The shell builds the menu and
 * the router from these, filtered by the user's roles; the schema itself loads lazily with the route.
 *
 * @example
 * { name: 'staff', path: '/staff', title: 'menu.staff', icon: 'TeamOutlined', roles: ['admin', 'finance'],
 *   hidden: false, menuOrder: 40, kind: 'resource', load: () => import('../../schemas/staff.json') }
 */
export interface ScreenRoute {
  name: string;
  path: string;
  title: string;
  icon?: string;
  roles: string[];
  hidden: boolean;
  externalUrl?: string;
  menuOrder: number;
  kind: 'resource' | 'custom';
  /** registered screen component name (kind "custom") */
  component?: string;
  load: () => Promise<Resource>;
}
