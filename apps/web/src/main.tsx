import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './app/i18n.ts';
import { readLanguage } from './shared/language.ts';
import './app/global.css';

// The texts of the cookie's language load first, so no screen ever flashes untranslated keys.
void initI18n(readLanguage()).then((locale) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App locale={locale} />
    </StrictMode>,
  );
});
