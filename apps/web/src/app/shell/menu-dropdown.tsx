import { Fragment, useEffect, useRef } from 'react';
import { Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReplayPress, type FirstUse } from './deferred-control';
import { MenuButton } from './menu-button';
import type { MenuGroup } from './menu-model';

type MenuDropdownProps = {
  label: string;
  groups: MenuGroup[];
  firstUse: FirstUse;
  /** The pointer is on the button as the menu mounts (a hover loaded it): it opens as on hover. */
  isHovered: boolean;
};

/** A dropdown of the main menu; its chunk (Mantine's Menu, Popover and Floating UI) loads when
 * a dropdown is first hovered or pressed. */
export function MenuDropdown({ label, groups, firstUse, isHovered }: MenuDropdownProps) {
  const { t } = useTranslation();
  const target = useRef<HTMLButtonElement>(null);
  useReplayPress(target, firstUse);
  // Opened by a hover, the menu mounts where a stand-in was: if that stand-in had the focus (a
  // press during the load), the focus fell to the page, where Escape reaches no menu and it
  // stayed open. The loaded button takes the focus back.
  useEffect(() => {
    if (firstUse !== 'hover' || !isHovered) return;
    if (document.activeElement === null || document.activeElement === document.body)
      target.current?.focus({ preventScroll: true });
  }, [firstUse, isHovered]);
  return (
    <Menu
      position="bottom-start"
      offset={4}
      withinPortal
      trigger="click-hover"
      openDelay={80}
      closeDelay={150}
      defaultOpened={firstUse === 'hover' && isHovered}
      // Its focus placeholder is a bare div inside role="menu", which axe refuses; the first
      // item takes focus from the keyboard instead.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <MenuButton ref={target} label={label} />
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
