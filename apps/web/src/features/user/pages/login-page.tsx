import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '#shared/components/logo.tsx';
import { useAppList } from '../api/get-app-list.ts';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LoginForm } from '../components/login-form.tsx';
import './login-page.css';

// The QR code renderer loads only when there is a release to show.
const AppDownload = lazy(() => import('../components/app-download.tsx'));

export default function LoginPage() {
  const { t } = useTranslation('user');
  const releases = useAppList().data?.list.filter((release) => release.Url) ?? [];

  return (
    <div className="login-page">
      <aside className="login-brand">
        <Logo size={34} inverse />
        <div>
          <h1>{t('login.headline')}</h1>
          <ul>
            <li>{t('login.points.sites')}</li>
            <li>{t('login.points.devices')}</li>
            <li>{t('login.points.delivery')}</li>
          </ul>
        </div>
        <span className="login-brand-footer">© NetConsole</span>
      </aside>
      <main className="login-main">
        <div className="login-toolbar">
          <span className="login-toolbar-logo">
            <Logo size={28} />
          </span>
          <LanguageSwitch />
        </div>
        <div className="login-center">
          <section className="login-card">
            <h2>{t('login.title')}</h2>
            <p className="login-subtitle">{t('login.subtitle')}</p>
            {/* Once signed in, the guard takes the user on to the page they asked for. */}
            <LoginForm />
            {releases.length > 0 && (
              <Suspense fallback={null}>
                <AppDownload releases={releases} />
              </Suspense>
            )}
          </section>
        </div>
      </main>
    </div>
  );
}
