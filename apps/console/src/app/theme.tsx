// Theme mode (dark/light, kept under `theme-mode`) and the antd ConfigProvider with the matching locale and motion.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { readString, StorageKeys, writeString } from '../lib/storage';
import { normalizeLanguage } from '../i18n/i18n';

/** The two theme modes, stored as text. */
export type ThemeMode = 'dark' | 'light';

interface ThemeModeContextValue {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue>({ mode: 'light', setMode: () => undefined });

function readThemeMode(): ThemeMode {
  const stored = readString(StorageKeys.themeMode);
  if (stored === 'dark' || stored === 'light') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** True while the system asks for reduced motion (`prefers-reduced-motion: reduce`); follows changes. */
function usePrefersReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return undefined;
    const update = (): void => setReduced(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return reduced;
}

/** The current theme mode and its setter (which also stores it). */
export function useThemeMode(): ThemeModeContextValue {
  return useContext(ThemeModeContext);
}

/** Provides the theme mode and configures antd (algorithm, locale) and dayjs for the current language. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readThemeMode);
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language) ?? 'zh';
  const reducedMotion = usePrefersReducedMotion();

  const setMode = useCallback((next: ThemeMode) => {
    writeString(StorageKeys.themeMode, next);
    setModeState(next);
  }, []);

  useEffect(() => {
    document.documentElement.setAttribute('data-theme', mode);
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  useEffect(() => {
    dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
  }, [language]);

  const contextValue = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  const themeConfig = useMemo(
    // Dialogs, drawers and menus open without animation for people who asked their system for less motion.
    () => ({ algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, token: { motion: !reducedMotion } }),
    [mode, reducedMotion],
  );

  return (
    <ThemeModeContext.Provider value={contextValue}>
      <ConfigProvider theme={themeConfig} locale={language === 'zh' ? zhCN : enUS}>
        {children}
      </ConfigProvider>
    </ThemeModeContext.Provider>
  );
}
