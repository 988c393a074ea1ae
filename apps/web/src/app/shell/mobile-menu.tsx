import { NavLink as MantineNavLink, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { MenuNode } from '@lantern/contracts/current-user';
import type { Concentrations } from '@lantern/contracts/programme';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { appPath } from '../../lib/paths';
import { flyoutView, isLinkNode, menuGroups, NOT_YET } from './menu-model';

/** The narrow-screen menu inside the drawer: the same tree as nested, keyboard-usable links. */
export function MobileMenu({
  menu,
  menuError,
  flyouts,
  onNavigate,
}: {
  menu: MenuNode[];
  menuError: string | null;
  flyouts: Concentrations | null;
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
        const view =
          node.flyout && flyouts
            ? flyoutView(node.flyout, flyouts)
            : { kind: 'menu' as const, groups: menuGroups(node), error: null };
        if (view.kind === 'link') {
          return (
            <MantineNavLink
              key={node.id}
              component={Link}
              to={view.to}
              label={node.label}
              onClick={onNavigate}
            />
          );
        }
        const { groups, error } = view;
        return (
          <MantineNavLink key={node.id} label={node.label} childrenOffset="md">
            {error !== null ? (
              <Text size="sm" c="red.9" px="sm" py={6} role="alert">
                {ERROR_TEXTS.menuError}: {error}
              </Text>
            ) : null}
            {groups.length === 0 && error === null ? (
              <Text size="sm" c="gray.7" px="sm" py={6}>
                {ERROR_TEXTS.emptySubmenu}
              </Text>
            ) : (
              groups.flatMap((group) =>
                group.links.map((link) =>
                  link.to === null ? (
                    <MantineNavLink
                      key={link.id}
                      label={link.label}
                      description={group.label ?? undefined}
                      disabled
                      title={NOT_YET}
                    />
                  ) : (
                    <MantineNavLink
                      key={link.id}
                      component={Link}
                      to={link.to}
                      label={link.label}
                      description={group.label ?? undefined}
                      onClick={onNavigate}
                    />
                  ),
                ),
              )
            )}
          </MantineNavLink>
        );
      })}
    </nav>
  );
}
