import { NavLink as MantineNavLink, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuNode } from '@lantern/contracts/current-user';
import { appPath } from '../../lib/paths';
import { isLinkNode, menuGroups } from './menu-model';
import { useMenuLabel } from './use-menu-label';

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
  const { t } = useTranslation();
  const labelOf = useMenuLabel();
  if (menuError !== null) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {t('shell.menu.error')}: {menuError}
      </Text>
    );
  }
  return (
    <nav aria-label={t('shell.nav.main')}>
      {menu.map((node) => {
        if (isLinkNode(node)) {
          return (
            <MantineNavLink
              key={node.id}
              component={Link}
              to={appPath(node.path ?? '')}
              label={labelOf(node)}
              onClick={onNavigate}
            />
          );
        }
        const groups = menuGroups(node, labelOf);
        return (
          <MantineNavLink key={node.id} label={labelOf(node)} childrenOffset="md">
            {groups.length === 0 ? (
              <Text size="sm" c="gray.7" px="sm" py={6}>
                {t('shell.menu.empty')}
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
