import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { DiscordMark, FacebookMark, GitHubMark, InstagramMark, LinkedInMark, RedditMark, TikTokMark, XMark } from './brand-icons';
import { Logo } from './site-nav';
import './shell-locale';
import './footer-locale';

const socials: { path: string; name: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { path: '/discord', name: 'Discord', Icon: DiscordMark },
  { path: '/twitter', name: 'X (Twitter)', Icon: XMark },
  { path: '/github', name: 'GitHub', Icon: GitHubMark },
  { path: '/instagram', name: 'Instagram', Icon: InstagramMark },
  { path: '/tiktok', name: 'TikTok', Icon: TikTokMark },
  { path: '/reddit', name: 'Reddit', Icon: RedditMark },
  { path: '/linkedin', name: 'LinkedIn', Icon: LinkedInMark },
  { path: '/facebook', name: 'Facebook', Icon: FacebookMark },
];

// Placeholder columns (spec section 2): in-app pages where they exist, '#' otherwise.
const columns: { title: string; links: { key: string; to: string }[] }[] = [
  {
    title: 'product',
    links: [
      { key: 'features', to: '/#features' },
      { key: 'pricing', to: '/pricing' },
      { key: 'developers', to: '/developers' },
      { key: 'spaces', to: '/spaces' },
    ],
  },
  {
    title: 'resources',
    links: [
      { key: 'docs', to: '#' },
      { key: 'guides', to: '#' },
      { key: 'blog', to: '#' },
      { key: 'support', to: '#' },
    ],
  },
  {
    title: 'company',
    links: [
      { key: 'about', to: '#' },
      { key: 'careers', to: '#' },
      { key: 'contact', to: '#' },
      { key: 'press', to: '#' },
    ],
  },
];

const linkClass = 'text-slate-600 text-sm hover:text-slate-900 dark:text-slate-400 dark:hover:text-white';

/** The footer of every page: link columns, social icons and the legal links. */
export default function SiteFooter() {
  const { t } = useTranslation('shell');
  return (
    <footer className="border-slate-200 border-t bg-slate-50 dark:border-slate-800 dark:bg-slate-900/50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-3 max-w-xs text-slate-600 text-sm dark:text-slate-400">{t('footer.tagline')}</p>
          <ul aria-label={t('footer.social')} className="mt-6 flex flex-wrap gap-2">
            {socials.map(({ path, name, Icon }) => (
              <li key={path}>
                <Link
                  to={path}
                  aria-label={name}
                  title={name}
                  className="inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  <Icon className="size-5" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="font-semibold text-slate-900 text-sm dark:text-white">{t(`footer.${column.title}`)}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.key}>
                  {link.to === '#' ? (
                    <a href="#top" className={linkClass}>
                      {t(`footer.${link.key}`)}
                    </a>
                  ) : (
                    <Link to={link.to} className={linkClass}>
                      {t(`footer.${link.key}`)}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-slate-200 border-t dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm sm:flex-row sm:px-6">
          <p className="text-slate-500 dark:text-slate-400">{t('footer.rights', { year: new Date().getFullYear() })}</p>
          <ul className="flex gap-5">
            <li>
              <Link to="/privacy" className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to="/cookies" className={linkClass}>
                {t('footer.cookies')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
