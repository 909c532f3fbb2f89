/**
 * The server draws a page's first view in the root (server/features/seo/first-views.ts), and the search in its navbar
 * works before the app does. What someone typed there by the time the app replaces that view is carried into the
 * app's search, with the focus and the caret: nothing typed is lost to the app arriving.
 */
export function carryTypedSearch(root: HTMLElement): void {
  const searches = (within: ParentNode) => [...within.querySelectorAll<HTMLInputElement>('header input[name="q"]')];
  // Where the focus is as this runs (someone may be typing already), and wherever it goes until the app draws.
  let focused: EventTarget | null = document.activeElement;
  const noteFocus = (event: FocusEvent) => {
    focused = event.target;
  };
  root.addEventListener('focusin', noteFocus);
  const observer = new MutationObserver((changes) => {
    const drawnByServer = changes
      .flatMap((change) => [...change.removedNodes])
      .filter((node) => node instanceof Element);
    if (drawnByServer.length === 0) return;
    observer.disconnect();
    root.removeEventListener('focusin', noteFocus);
    const typed = drawnByServer.flatMap(searches);
    const drawn = searches(root);
    typed.forEach((input, index) => {
      const now = drawn[index];
      if (!now) return;
      if (input.value) now.value = input.value;
      if (input !== focused) return;
      now.focus();
      now.setSelectionRange(input.selectionStart, input.selectionEnd);
    });
  });
  observer.observe(root, { childList: true });
}
