import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, registerLocale, setLanguage, Trans, translate, useTranslation } from './i18n';

registerLocale('test', {
  es: {
    greeting: 'Hola, {{name}}',
    items_one: '{{count}} proyecto',
    items_other: '{{count}} proyectos',
    onlySpanish: 'Solo en español',
    nested: { deep: 'Profundo' },
    legal: 'Acepta los <terms>Términos</terms> y la <privacy>Privacidad</privacy>.',
  },
  en: {
    greeting: 'Hello, {{name}}',
    items_one: '{{count}} project',
    items_other: '{{count}} projects',
    nested: { deep: 'Deep' },
    legal: 'Accept the <terms>Terms</terms> and the <privacy>Privacy</privacy>.',
  },
});

function Greeting() {
  const { t, i18n: current } = useTranslation('test');
  return (
    <p>
      {t('greeting', { name: 'Ana' })} ({current.language})
    </p>
  );
}

afterEach(() => setLanguage('es'));

describe('translate', () => {
  it('interpolates values and reads nested keys', () => {
    expect(translate('es', 'test', 'greeting', { name: 'Ana' })).toBe('Hola, Ana');
    expect(translate('en', 'test', 'nested.deep')).toBe('Deep');
  });

  it('chooses the plural form by count', () => {
    expect(translate('es', 'test', 'items', { count: 1 })).toBe('1 proyecto');
    expect(translate('es', 'test', 'items', { count: 3 })).toBe('3 proyectos');
    expect(translate('en', 'test', 'items', { count: 0 })).toBe('0 projects');
  });

  it('falls back to Spanish, then to the default value, then to the key', () => {
    expect(translate('en', 'test', 'onlySpanish')).toBe('Solo en español');
    expect(translate('en', 'test', 'missing', { defaultValue: 'Por defecto' })).toBe('Por defecto');
    expect(translate('en', 'test', 'missing')).toBe('missing');
  });

  it('merges a namespace registered twice', () => {
    registerLocale('test', { es: { nested: { other: 'Otro' } }, en: { nested: { other: 'Other' } } });
    expect(translate('es', 'test', 'nested.deep')).toBe('Profundo');
    expect(translate('es', 'test', 'nested.other')).toBe('Otro');
  });
});

describe('useTranslation and Trans', () => {
  it('re-renders translated components when the language changes', () => {
    render(<Greeting />);
    expect(screen.getByText('Hola, Ana (es)')).toBeTruthy();
    act(() => setLanguage('en'));
    expect(screen.getByText('Hello, Ana (en)')).toBeTruthy();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('turns named tags into the given elements', () => {
    render(<Legal />);
    expect(screen.getByTestId('legal').textContent).toBe('Acepta los Términos y la Privacidad.');
    expect(screen.getByRole('link', { name: 'Términos' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacidad' }).getAttribute('href')).toBe('/privacy');
  });
});

function Legal() {
  const { t } = useTranslation('test');
  // The anchors get their text from the translation: that is what is being tested.
  // biome-ignore lint/a11y/useAnchorContent: content comes from the translated string
  const terms = <a href="/terms" />;
  // biome-ignore lint/a11y/useAnchorContent: content comes from the translated string
  const privacy = <a href="/privacy" />;
  return (
    <p data-testid="legal">
      <Trans t={t} i18nKey="legal" components={{ terms, privacy }} />
    </p>
  );
}
