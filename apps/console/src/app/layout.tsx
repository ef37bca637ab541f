import { ActionIcon, Anchor, Burger, Group, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { nprogress, nprogressStore } from '@mantine/nprogress';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { LeaveGuard } from '../shared/editing/index.ts';
import { LazyTooltip as Tooltip } from '../shared/feedback/index.ts';
import { lazyComponent, useIdle, usePageTitle } from '../shared/screen/index.ts';
import { useProfile } from '../shared/session/index.ts';
import classes from './layout.module.css';
import { ProfileButton } from './profile-button.tsx';
import { pageToComeBackTo, useRouteTitle } from './route-handle.ts';
import { LAST_PAGE_KEY } from './storage-keys.ts';

/**
 * The class react-remove-scroll-bar moves by the scrollbar's width while a modal or the drawer locks the page's
 * scroll, so that the fixed header does not shift (AppShell's `offsetScrollbars`).
 */
const KEEP_RIGHT_WHILE_SCROLL_LOCKED = 'right-scroll-bar-position';

const Sidebar = lazyComponent(() => import('./sidebar.tsx').then((m) => m.Sidebar));
const ScreenIcon = lazyComponent(() => import('./screen-icons.tsx').then((m) => m.ScreenIcon));
const ProfileMenu = lazyComponent(() => import('./profile-menu.tsx').then((m) => m.ProfileMenu));
// The bell loads once the page is idle (not needed to show a screen) and asks every few seconds from then on.
const NotificationsBell = lazyComponent(() => import('./notifications-bell.tsx').then((m) => m.NotificationsBell));

// NavigationProgress (app/overlays.tsx, mounted once its chunk arrives) gives the store its initial state on its first
// render, unless the store has one: the bar may be running by then, and replacing its state would leave the bar's
// timer running for good. So the store gets the same initial state here, before anything starts the bar.
nprogressStore.initialize({ mounted: false, progress: 0, interval: -1, step: 1, stepInterval: 500, timeouts: [] });

/** Runs the progress bar under the header while a screen's code or data loads. */
function useProgressBar() {
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const busy = navigation.state !== 'idle' || fetching > 0 || mutating > 0;
  useEffect(() => {
    if (busy) nprogress.start();
    else nprogress.complete();
  }, [busy]);
}

function ColorModeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} mode`}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Switch to ${next} mode`}
        onClick={() => setColorScheme(next)}
      >
        {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The profile menu loads right after the page (it is not needed to show a screen); until then the same button
 * stands in, and a click on it opens the menu as soon as it is there.
 */
function ProfileMenuSlot() {
  const { data: profile } = useProfile();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (!profile) return null;
  return (
    <Suspense fallback={<ProfileButton email={profile.email} onClick={() => setOpenOnLoad(true)} />}>
      <ProfileMenu email={profile.email} defaultOpened={openOnLoad} />
    </Suspense>
  );
}

export function Layout() {
  const [sidebarOpen, sidebar] = useDisclosure(false);
  const idle = useIdle();
  const location = useLocation();
  const route = useRouteTitle();
  const { title, screen } = route;
  useProgressBar();

  usePageTitle(title);

  // A new screen starts at the top; a filter or page change kept in the query string (search, "Show more builds")
  // keeps the scroll position. Either becomes the page to come back to.
  const { pathname } = location;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new pathname, which it does not read
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  const comeBackTo = pageToComeBackTo(route, location);
  useEffect(() => {
    if (comeBackTo) localStorage.setItem(LAST_PAGE_KEY, comeBackTo);
  }, [comeBackTo]);

  return (
    <>
      <header className={`${classes.header} ${KEEP_RIGHT_WHILE_SCROLL_LOCKED}`}>
        <Group h="100%" px="sm" gap="sm" wrap="nowrap">
          <Burger
            opened={sidebarOpen}
            onClick={sidebar.toggle}
            size="sm"
            aria-label={sidebarOpen ? 'Close navigation' : 'Open navigation'}
          />
          <Anchor component={Link} to="/admin" fw={700} c="inherit" underline="never" data-testid="home-link">
            Kids VOD
          </Anchor>
          <Text c="dimmed" aria-hidden>
            /
          </Text>
          <Group gap={6} wrap="nowrap" data-testid="page-title">
            {screen ? (
              // Its place is kept while the icons load, so the title does not move when it comes.
              <Suspense fallback={<span className={classes.titleIcon} />}>
                <ScreenIcon path={screen} />
              </Suspense>
            ) : null}
            {/* The page's one h1: every screen has its name said once, here (axe: page-has-heading-one). */}
            <Text component="h1" fz="md" fw={500} m={0} truncate>
              {title}
            </Text>
          </Group>
          <Group gap="sm" ml="auto" wrap="nowrap">
            {idle ? (
              <Suspense fallback={null}>
                <NotificationsBell />
              </Suspense>
            ) : null}
            <ColorModeSwitch />
            <ProfileMenuSlot />
          </Group>
        </Group>
      </header>

      {idle || sidebarOpen ? (
        <Suspense fallback={null}>
          <Sidebar opened={sidebarOpen} onClose={sidebar.close} />
        </Suspense>
      ) : null}
      <LeaveGuard />

      <main className={classes.main}>
        <Outlet />
      </main>
    </>
  );
}
