import { useEffect, useRef } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import { MenuButton } from '#web/components/menu-button.tsx';
import { useOpenOnThisPage } from '#web/lib/use-open-on-this-page.ts';
import { NavLinks } from './nav-links.tsx';

/**
 * The links below 1280 px, where they do not fit in a row in every language: a disclosure (WAI-ARIA Authoring
 * Practices' disclosure navigation menu). The button shows and hides the list, Tab goes on into it; Escape closes it
 * and gives the focus back to the button, and so do choosing a link, clicking elsewhere or tabbing out of it.
 */
export function PhoneMenu() {
  const [open, setOpen] = useOpenOnThisPage();
  const box = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  return (
    <nav ref={box} aria-label={texts.nav.main} className="relative xl:hidden">
      <MenuButton
        ref={button}
        controls="phone-menu"
        open={open}
        className="btn-ghost btn-square"
        aria-label={texts.nav.menu}
        onClick={() => setOpen(!open)}
      />
      <ul
        id="phone-menu"
        hidden={!open}
        className="menu absolute top-full start-0 z-40 mt-3 w-72 rounded-box bg-base-100 p-2 shadow"
      >
        <NavLinks
          onChoose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      </ul>
    </nav>
  );
}
