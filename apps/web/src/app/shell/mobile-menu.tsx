import { useState, type ReactNode } from 'react';
import { NavLink as MantineNavLink, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuNode } from '@lantern/contracts/current-user';
import { appPath } from '../../lib/paths';
import { isLinkNode, menuGroups } from './menu-model';
import { useMenuLabel } from './use-menu-label';

/** A group of the drawer (People, Courses, Classes…): a button that shows or hides its links, so
 * it is reached and opened by keyboard like any button (WCAG 2.1.1), and says whether it is open. */
function MenuGroupDisclosure({ label, children }: { label: string; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <MantineNavLink
      component="button"
      type="button"
      label={label}
      childrenOffset="md"
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
    >
      {children}
    </MantineNavLink>
  );
}

/** The narrow-screen menu inside the drawer: the same tree as groups that open
 * by button, each holding its links. */
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
          <MenuGroupDisclosure key={node.id} label={labelOf(node)}>
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
          </MenuGroupDisclosure>
        );
      })}
    </nav>
  );
}
