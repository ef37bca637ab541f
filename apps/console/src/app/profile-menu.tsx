import { Menu } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../shared/session/index.ts';
import { ProfileButton } from './profile-button.tsx';

/** The profile menu (Menu and Popover code, loaded beside the page: see ProfileMenuSlot in layout.tsx). */
export function ProfileMenu({ email, defaultOpened }: { email: string; defaultOpened: boolean }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    // No focus placeholder: Mantine's is a focusable role="presentation" <div> inside the menu, which a menu may not
    // hold (axe critical: aria-required-children); the focus goes to the first item instead.
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ProfileButton email={email} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        <Menu.Item component={Link} to="/admin/account" leftSection={<IconUserCircle size={16} />}>
          Your account
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
