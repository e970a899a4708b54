/**
 * Settings the server puts into index.html (`window.__YUYUE__`), so one build serves any
 * base path and sign-in provider. Under a qiankun host, the host's props take precedence.
 */
export interface RuntimeConfig {
  /** Base path of the web app without trailing slash, e.g. `/yy-sys`. */
  basePath: string;
  oidc: { authority: string; clientId: string; scope: string };
}

declare global {
  interface Window {
    __YUYUE__?: Partial<RuntimeConfig>;
    __POWERED_BY_QIANKUN__?: boolean;
  }
}

let override: Partial<RuntimeConfig> = {};

/** Lets a host portal set the base path (qiankun props) before the app mounts. */
export function setRuntimeOverride(value: Partial<RuntimeConfig>): void {
  override = value;
}

export function runtimeConfig(): RuntimeConfig {
  const injected = window.__YUYUE__ ?? {};
  const basePath = (override.basePath ?? injected.basePath ?? '/yy-sys').replace(/\/+$/, '');
  const origin = window.location.origin;
  return {
    basePath,
    oidc: {
      authority: override.oidc?.authority ?? injected.oidc?.authority ?? `${origin}/sso`,
      clientId: override.oidc?.clientId ?? injected.oidc?.clientId ?? 'yy-sys',
      scope: override.oidc?.scope ?? injected.oidc?.scope ?? 'openid profile',
    },
  };
}
