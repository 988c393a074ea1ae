import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuNode } from '@lantern/contracts/current-user';
import { appPath } from '../../lib/paths';
import { MenuDropdown } from './menu-dropdown';
import { isLinkNode, menuGroups } from './menu-model';
import { useMenuLabel } from './use-menu-label';

// The dropdowns are plain Mantine menus loaded with the shell: a stand-in swapped for the menu on
// first use could leave a menu open past Escape when the swap took the focus away.
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
  return (
    <MenuDropdown
      label={labelOf(node)}
      groups={menuGroups(node, labelOf)}
      firstUse="hover"
      isHovered={false}
    />
  );
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
