import type { ComponentProps } from 'react';
import { MenuIcon } from './menu-icon.tsx';

/**
 * The button that shows or hides the menu whose id is `controls`, with the three bars. `children` names it on screen;
 * without them, name it with `aria-label`.
 */
export function MenuButton({
  controls,
  open,
  className,
  children,
  ...button
}: Omit<ComponentProps<'button'>, 'type'> & { controls: string; open: boolean; className: string }) {
  return (
    <button {...button} type="button" className={`btn ${className}`} aria-controls={controls} aria-expanded={open}>
      <MenuIcon className={children ? 'size-5' : 'size-6'} />
      {children}
    </button>
  );
}
