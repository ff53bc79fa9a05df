// Theme mode (dark/light, kept under `theme-mode`) and the antd ConfigProvider with the matching locale.
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

/** The current theme mode and its setter (which also stores it). */
export function useThemeMode(): ThemeModeContextValue {
  return useContext(ThemeModeContext);
}

/** Provides the theme mode and configures antd (algorithm, locale) and dayjs for the current language. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readThemeMode);
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language) ?? 'zh';

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
    () => ({ algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }),
    [mode],
  );

  return (
    <ThemeModeContext.Provider value={contextValue}>
      <ConfigProvider theme={themeConfig} locale={language === 'zh' ? zhCN : enUS}>
        {children}
      </ConfigProvider>
    </ThemeModeContext.Provider>
  );
}
