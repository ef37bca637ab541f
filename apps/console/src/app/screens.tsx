import {
  type Icon,
  IconBroadcast,
  IconChartBar,
  IconCode,
  IconLanguage,
  IconMovie,
  IconPhoto,
  IconStack2,
  IconTicket,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** One screen of the console: the routes and the sidebar are both built from this list. */
export interface Screen {
  path: string;
  title: string;
  icon: Icon;
  /** Shown in the sidebar (the promo banners screen is reached by its address only). */
  inSidebar: boolean;
  /** A short mark beside the sidebar entry ("New", "Beta"); none of today's screens has one. */
  badge?: string;
  load: () => Promise<{ Component: ComponentType }>;
}

export const screens: Screen[] = [
  {
    path: 'brands',
    title: 'Brands',
    icon: IconStack2,
    inSidebar: true,
    load: () => import('../features/brands/route.tsx'),
  },
  {
    path: 'content',
    title: 'Content',
    icon: IconMovie,
    inSidebar: true,
    load: () => import('../features/content/route.tsx'),
  },
  {
    path: 'streams',
    title: 'Streams',
    icon: IconBroadcast,
    inSidebar: true,
    load: () => import('../features/streams/route.tsx'),
  },
  {
    path: 'locales',
    title: 'Locales',
    icon: IconLanguage,
    inSidebar: true,
    load: () => import('../features/locales/route.tsx'),
  },
  {
    path: 'report',
    title: 'Report',
    icon: IconChartBar,
    inSidebar: true,
    load: () => import('../features/report/route.tsx'),
  },
  {
    path: 'json',
    title: 'JSON Build',
    icon: IconCode,
    inSidebar: true,
    load: () => import('../features/json-build/route.tsx'),
  },
  {
    path: 'promocodes',
    title: 'Promocodes',
    icon: IconTicket,
    inSidebar: true,
    load: () => import('../features/promo-codes/route.tsx'),
  },
  {
    path: 'promo',
    title: 'Promo',
    icon: IconPhoto,
    inSidebar: false,
    load: () => import('../features/promo/route.tsx'),
  },
];

export const DEFAULT_SCREEN = '/admin/brands';
