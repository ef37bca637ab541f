import { may, type Permission, type Role } from '@kids-vod/contract/client';
import type { ComponentType } from 'react';

/** One screen of the console: the routes and the sidebar are both built from this list (its icon: screen-icons.tsx). */
export interface Screen {
  path: string;
  title: string;
  /** Shown in the sidebar (the promo banners screen is reached by its address only). */
  inSidebar: boolean;
  /** A short mark beside the sidebar entry ("New", "Beta"); none of today's screens has one. */
  badge?: string;
  /**
   * What a role needs to use the screen (the contract's table): the sidebar lists only the screens the role may use,
   * and the route shows why it may not. Promo codes are marketing's screen; the report is the analysts'.
   */
  permission: Permission;
  load: () => Promise<{ Component: ComponentType }>;
}

export const screens: Screen[] = [
  {
    path: 'brands',
    permission: 'read',
    title: 'Brands',
    inSidebar: true,
    load: () => import('../features/brands/route.tsx'),
  },
  {
    path: 'content',
    permission: 'read',
    title: 'Content',
    inSidebar: true,
    load: () => import('../features/content/route.tsx'),
  },
  {
    path: 'streams',
    permission: 'read',
    title: 'Streams',
    inSidebar: true,
    load: () => import('../features/streams/route.tsx'),
  },
  {
    path: 'locales',
    permission: 'read',
    title: 'Locales',
    inSidebar: true,
    load: () => import('../features/locales/route.tsx'),
  },
  {
    path: 'report',
    permission: 'report',
    title: 'Report',
    inSidebar: true,
    load: () => import('../features/report/route.tsx'),
  },
  {
    path: 'json',
    permission: 'read',
    title: 'JSON Build',
    inSidebar: true,
    load: () => import('../features/catalog/route.tsx'),
  },
  {
    path: 'promocodes',
    permission: 'marketing',
    title: 'Promocodes',
    inSidebar: true,
    load: () => import('../features/promo-codes/route.tsx'),
  },
  {
    path: 'promo',
    permission: 'read',
    title: 'Promo',
    inSidebar: false,
    load: () => import('../features/promo/route.tsx'),
  },
  // After the specification's seven (issue 15): first what every role uses, then the admins' own.
  {
    path: 'videos',
    permission: 'read',
    title: 'Videos',
    inSidebar: true,
    load: () => import('../features/videos/route.tsx'),
  },
  // Every brand and language with problems (issue 38), after Videos: the worklist of what to mend.
  {
    path: 'readiness',
    permission: 'read',
    title: 'Readiness',
    inSidebar: true,
    load: () => import('../features/readiness/route.tsx'),
  },
  {
    path: 'preview',
    permission: 'read',
    title: 'Preview',
    inSidebar: true,
    load: () => import('../features/preview/route.tsx'),
  },
  {
    path: 'schedule',
    permission: 'read',
    title: 'Schedule',
    inSidebar: true,
    load: () => import('../features/schedule/route.tsx'),
  },
  {
    path: 'bin',
    permission: 'read',
    title: 'Bin',
    inSidebar: true,
    load: () => import('../features/bin/route.tsx'),
  },
  {
    path: 'staff',
    permission: 'staff',
    title: 'Staff',
    inSidebar: true,
    load: () => import('../features/staff/route.tsx'),
  },
  {
    path: 'webhooks',
    permission: 'staff',
    title: 'Webhooks',
    inSidebar: true,
    load: () => import('../features/webhooks/route.tsx'),
  },
  {
    path: 'activity',
    permission: 'staff',
    title: 'Activity',
    inSidebar: true,
    load: () => import('../features/activity/route.tsx'),
  },
  {
    path: 'account',
    permission: 'self',
    title: 'Your account',
    // Reached from the profile menu.
    inSidebar: false,
    load: () => import('../features/account/route.tsx'),
  },
];

export const DEFAULT_SCREEN = '/admin/brands';

/** Whether a role may use a screen (no role yet: none). */
export function mayUse(role: Role | undefined, screen: Pick<Screen, 'permission'>): boolean {
  return role !== undefined && may(role, screen.permission);
}
