import { Fragment } from 'react';
import { Button, Group, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuNode } from '@lantern/contracts/current-user';
import { appPath } from '../../lib/paths';
import { isLinkNode, menuGroups, type MenuGroup } from './menu-model';
import { useMenuLabel } from './use-menu-label';

const Chevron = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
    <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
  </svg>
);

function MenuDropdown({ label, groups }: { label: string; groups: MenuGroup[] }) {
  const { t } = useTranslation();
  return (
    <Menu
      position="bottom-start"
      offset={4}
      withinPortal
      trigger="click-hover"
      openDelay={80}
      closeDelay={150}
      // Its focus placeholder is a bare div inside role="menu", which axe refuses; the first
      // item takes focus from the keyboard instead.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" rightSection={<Chevron />} c="gray.9">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown miw={220} maw={420} mah="70vh" style={{ overflowY: 'auto' }}>
        {groups.length === 0 ? (
          <Text size="sm" c="gray.7" px="sm" py={6}>
            {t('shell.menu.empty')}
          </Text>
        ) : (
          groups.map((group, index) => (
            <Fragment key={group.label ?? index}>
              {index > 0 ? <Menu.Divider /> : null}
              {group.label ? <Menu.Label>{group.label}</Menu.Label> : null}
              {group.links.map((link) => (
                <Menu.Item key={link.id} component={Link} to={link.to}>
                  {link.label}
                </Menu.Item>
              ))}
            </Fragment>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function LinkButton({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} variant="subtle" size="compact-sm" c="gray.9">
      {label}
    </Button>
  );
}

function MenuEntry({ node }: { node: MenuNode }) {
  const labelOf = useMenuLabel();
  if (isLinkNode(node)) return <LinkButton to={appPath(node.path ?? '')} label={labelOf(node)} />;
  return <MenuDropdown label={labelOf(node)} groups={menuGroups(node, labelOf)} />;
}

/** The wide-screen menu: links and dropdowns from the base data, the course and class flyouts
 * included (spec §2). */
export function MainMenu({ menu, menuError }: { menu: MenuNode[]; menuError: string | null }) {
  const { t } = useTranslation();
  if (menuError !== null) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {t('shell.menu.error')}: {menuError}
      </Text>
    );
  }
  return (
    <Group
      component="ul"
      gap={2}
      wrap="nowrap"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {menu.map((node) => (
        <li key={node.id}>
          <MenuEntry node={node} />
        </li>
      ))}
    </Group>
  );
}
