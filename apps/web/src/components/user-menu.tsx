import { useRef, useState } from 'react';
import { UserMenuButton } from './user-menu-button';

export interface UserMenuTenant {
  tenantId: string;
  tenantName: string;
}

export interface UserMenuProps {
  userName: string;
  tenants: readonly UserMenuTenant[];
  currentTenantId: string | undefined;
  helpUrl: string;
  onSwitchTenant: (tenantId: string) => void;
  onSignOut: () => void;
}

type LoadedUserMenuComponent = typeof import('./user-menu-loaded').default;

let loading: Promise<LoadedUserMenuComponent> | undefined;
const loadUserMenu = () => {
  loading ??= import('./user-menu-loaded').then((module) => module.default);
  return loading;
};

/**
 * The signed-in user's menu in the header. Its button shows at once; the menu itself (with the positioning
 * library it needs, about a tenth of the first screen's code) loads when the pointer, a finger or the keyboard
 * reaches the button, usually before the click. The button stays until the menu has arrived; a click meanwhile
 * opens it then, and the focus moves to the loaded menu's button.
 */
export function UserMenu({
  loadMenu = loadUserMenu,
  ...props
}: UserMenuProps & {
  /** Where the menu's code comes from (a test holds it back to see what happens while it loads). */
  loadMenu?: () => Promise<LoadedUserMenuComponent>;
}) {
  const [Loaded, setLoaded] = useState<{ Menu: LoadedUserMenuComponent } | null>(null);
  const standIn = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  const clicked = useRef(false);
  const focused = useRef(false);
  const organisation = props.tenants.find((tenant) => tenant.tenantId === props.currentTenantId)?.tenantName;

  const load = () => {
    void loadMenu().then((Menu) => {
      focused.current = document.activeElement === standIn.current;
      setLoaded({ Menu });
    });
  };
  const press = () => {
    pressed.current = true;
    load();
  };
  const click = () => {
    clicked.current = true;
    press();
  };
  if (Loaded) {
    return (
      <Loaded.Menu
        {...props}
        opened={pressed.current}
        clickToCome={pressed.current && !clicked.current}
        focused={focused.current}
      />
    );
  }
  return (
    <UserMenuButton
      ref={standIn}
      userName={props.userName}
      organisation={organisation}
      aria-expanded={false}
      onPointerEnter={load}
      onTouchStart={load}
      onFocus={load}
      // Pressed (pointer down, or Enter on the focused button): open when loaded. The press may end on the
      // loaded button: its click then completes this press, and must not close the menu it opened.
      onPointerDown={press}
      onClick={click}
    />
  );
}
