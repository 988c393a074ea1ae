import { NavLink as MantineNavLink, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { MenuNode } from '@lantern/contracts/current-user';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { appPath } from '../../lib/paths';
import { isLinkNode, menuGroups } from './menu-model';

/** The narrow-screen menu inside the drawer: the same tree as nested, keyboard-usable links. */
export function MobileMenu({
  menu,
  menuError,
  onNavigate,
}: {
  menu: MenuNode[];
  menuError: string | null;
  onNavigate: () => void;
}) {
  if (menuError !== null) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {ERROR_TEXTS.menuError}: {menuError}
      </Text>
    );
  }
  return (
    <nav aria-label="Main">
      {menu.map((node) => {
        if (isLinkNode(node)) {
          return (
            <MantineNavLink
              key={node.id}
              component={Link}
              to={appPath(node.path ?? '')}
              label={node.label}
              onClick={onNavigate}
            />
          );
        }
        const groups = menuGroups(node);
        return (
          <MantineNavLink key={node.id} label={node.label} childrenOffset="md">
            {groups.length === 0 ? (
              <Text size="sm" c="gray.7" px="sm" py={6}>
                {ERROR_TEXTS.emptySubmenu}
              </Text>
            ) : (
              groups.flatMap((group) =>
                group.links.map((link) => (
                  <MantineNavLink
                    key={link.id}
                    component={Link}
                    to={link.to}
                    label={link.label}
                    description={group.label ?? undefined}
                    onClick={onNavigate}
                  />
                )),
              )
            )}
          </MantineNavLink>
        );
      })}
    </nav>
  );
}
