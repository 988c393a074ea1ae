import { lazy, startTransition, Suspense, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuNode } from '@lantern/contracts/current-user';
import { appPath } from '../../lib/paths';
import type { FirstUse } from './deferred-control';
import { MenuButton } from './menu-button';
import { isLinkNode, menuGroups, type MenuGroup } from './menu-model';
import { useMenuLabel } from './use-menu-label';

const loadMenuDropdown = () => import('./menu-dropdown');
const MenuDropdown = lazy(() => loadMenuDropdown().then((m) => ({ default: m.MenuDropdown })));

/** A dropdown's button; the dropdown itself loads on the first hover or press (deferred-control). */
function DeferredMenuDropdown({ label, groups }: { label: string; groups: MenuGroup[] }) {
  const [firstUse, setFirstUse] = useState<FirstUse | null>(null);
  const [isHovered, setHovered] = useState(false);
  // In a transition, so the stand-in stays (pressable) until the dropdown's code is there.
  const use = (how: FirstUse) => {
    startTransition(() => {
      setFirstUse((before) => (before === 'press' ? before : how));
    });
  };
  const standIn = (
    <MenuButton
      label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onFocus={() => void loadMenuDropdown()}
      onMouseEnter={() => {
        setHovered(true);
        use('hover');
      }}
      onMouseLeave={() => {
        setHovered(false);
      }}
      onClick={() => {
        use('press');
      }}
    />
  );
  return (
    <Suspense fallback={standIn}>
      {firstUse === null ? (
        standIn
      ) : (
        <MenuDropdown label={label} groups={groups} firstUse={firstUse} isHovered={isHovered} />
      )}
    </Suspense>
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
  return <DeferredMenuDropdown label={labelOf(node)} groups={menuGroups(node, labelOf)} />;
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
