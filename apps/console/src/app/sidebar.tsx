import { Badge, Drawer, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useRole } from '../shared/session/index.ts';
import { ScreenIcon } from './screen-icons.tsx';
import { mayUse, screens } from './screens.tsx';

export const SIDEBAR_WIDTH = 270;

/** The navigation drawer; its code (Drawer, NavLink) loads when idle or on the first opening, not with the page. */
export function Sidebar({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const location = useLocation();
  const role = useRole();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={SIDEBAR_WIDTH}
      title="Kids VOD"
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
      // The specification: it closes on a click on its overlay or on itself (an entry, the title, empty space).
      onClick={onClose}
    >
      <nav aria-label="Screens">
        {screens
          .filter((s) => s.inSidebar && mayUse(role, s))
          .map((s) => (
            <NavLink
              key={s.path}
              component={Link}
              to={`/admin/${s.path}`}
              label={s.title}
              leftSection={<ScreenIcon path={s.path} />}
              rightSection={s.badge ? <Badge size="sm">{s.badge}</Badge> : undefined}
              active={location.pathname.startsWith(`/admin/${s.path}`)}
            />
          ))}
      </nav>
    </Drawer>
  );
}
