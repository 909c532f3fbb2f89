import { useId } from 'react';
import { useLocation } from 'react-router';
import { isLocale, languageCookie, localeCodes, locales, localizedPath } from '#shared/i18n/locales.ts';
import { currentLocale, texts } from '#shared/i18n/texts.ts';

/**
 * The store's languages, each named in itself. Choosing one keeps it (a cookie: the root no longer follows the
 * browser's language) and opens the same page in it: a page load, as the page's texts come with the language.
 */
export function LanguageSwitcher({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const id = useId();
  const { pathname, search, hash } = useLocation();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'text-sm'}>
        {texts.language.label}
      </label>
      <select
        id={id}
        className="select select-sm w-auto"
        value={currentLocale()}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLocale(chosen)) return;
          document.cookie = `${languageCookie}=${chosen}; path=/; max-age=31536000; samesite=lax`;
          window.location.assign(`${localizedPath(chosen, pathname)}${search}${hash}`);
        }}
      >
        {localeCodes.map((code) => (
          <option key={code} value={code} lang={code}>
            {locales[code].name}
          </option>
        ))}
      </select>
    </div>
  );
}
