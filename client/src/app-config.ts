import type { InjectedAppConfig } from '@shared/routes';

declare global {
  interface Window {
    /** Injected by the server into index.html (a nonce'd inline script before </head>). */
    __APP_CONFIG__?: InjectedAppConfig;
  }
}

export const DEFAULT_APP_CONFIG: InjectedAppConfig = { superadminLogin: false, devPanel: null };

function readConfig(): InjectedAppConfig {
  if (typeof window === 'undefined') return DEFAULT_APP_CONFIG;
  const injected = window.__APP_CONFIG__;
  if (!injected || typeof injected !== 'object') return DEFAULT_APP_CONFIG;
  return {
    superadminLogin: injected.superadminLogin === true,
    devPanel: injected.devPanel ?? null,
  };
}

/** Configuration injected by the server, or the defaults when the page was served without it. */
export const appConfig: InjectedAppConfig = readConfig();

/** The path the document was loaded at (the server sets superadminLogin for this path only). */
export const initialPathname: string =
  typeof window === 'undefined' ? '/' : window.location.pathname;

function normalize(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Whether an otherwise unknown path is the hidden superadmin login page: either the server
 * flagged the page load (and we are still on that path), or the dev panel names this path.
 */
export function isSuperadminLoginPath(
  pathname: string,
  config: InjectedAppConfig = appConfig,
  loadedAt: string = initialPathname,
): boolean {
  const here = normalize(pathname);
  if (config.superadminLogin && here === normalize(loadedAt)) return true;
  const devPath = config.devPanel?.superadminLoginPath;
  return typeof devPath === 'string' && devPath.length > 0 && normalize(devPath) === here;
}
