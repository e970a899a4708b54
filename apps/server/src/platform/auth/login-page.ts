export type Lang = 'zh' | 'en';

const texts = {
  zh: {
    title: '统一身份认证',
    account: '账号',
    password: '密码',
    tenant: '单位',
    submit: '登录',
    switchTo: 'English',
    accountPlaceholder: '请输入账号',
    passwordPlaceholder: '请输入密码',
  },
  en: {
    title: 'Sign in',
    account: 'Account',
    password: 'Password',
    tenant: 'Organisation',
    submit: 'Sign in',
    switchTo: '中文',
    accountPlaceholder: 'Your account',
    passwordPlaceholder: 'Your password',
  },
} as const;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface LoginPageModel {
  lang: Lang;
  action: string;
  /** Link that shows this page in the other language. */
  switchHref: string;
  account?: string;
  error?: string;
  systemName: string;
  themeColor: string;
  /** Offered when the tenant cannot be told from the request. */
  tenants?: { key: string; name: string; selected: boolean }[];
}

/** Our sign-in page for the built-in provider: a plain form, readable on a phone and a desktop. */
export function renderLoginPage(m: LoginPageModel): string {
  const t = texts[m.lang];
  const color = /^#[0-9a-fA-F]{6}$/.test(m.themeColor) ? m.themeColor : '#3399fe';
  const tenantField = m.tenants?.length
    ? `<label for="tenant">${t.tenant}</label>
      <select id="tenant" name="tenant">${m.tenants
        .map(
          (o) => `<option value="${escapeHtml(o.key)}"${o.selected ? ' selected' : ''}>${escapeHtml(o.name)}</option>`,
        )
        .join('')}</select>`
    : '';
  return `<!doctype html>
<html lang="${m.lang === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(m.systemName)} · ${t.title}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:-apple-system,"PingFang SC","Microsoft YaHei","Helvetica Neue",Arial,sans-serif;background:linear-gradient(160deg,${color}22,#f5f7fa 60%);color:#1f2329}
  main{width:100%;max-width:380px;margin:16px;background:#fff;border-radius:12px;box-shadow:0 8px 30px #0000001a;padding:32px 28px}
  h1{font-size:22px;margin:0 0 4px;text-align:center}
  p.sub{margin:0 0 24px;text-align:center;color:#646a73}
  label{display:block;font-size:14px;margin:14px 0 6px;color:#1f2329}
  input,select{width:100%;height:42px;border:1px solid #d0d3d6;border-radius:8px;padding:0 12px;font-size:16px;background:#fff}
  input:focus,select:focus{outline:2px solid ${color};border-color:${color}}
  button{width:100%;height:44px;margin-top:24px;border:0;border-radius:8px;background:${color};color:#fff;font-size:16px;cursor:pointer}
  button:focus-visible{outline:3px solid #1f2329}
  .error{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#fff1f0;border:1px solid #ffa39e;color:#a8071a;font-size:14px}
  .error::before{content:"⚠ "}
  nav{text-align:right;margin:-12px -8px 8px 0}
  nav a{color:${color};font-size:14px;text-decoration:none}
</style>
</head>
<body>
<main>
  <nav><a href="${escapeHtml(m.switchHref)}" hreflang="${m.lang === 'zh' ? 'en' : 'zh'}">${t.switchTo}</a></nav>
  <h1>${escapeHtml(m.systemName)}</h1>
  <p class="sub">${t.title}</p>
  ${m.error ? `<p class="error" role="alert">${escapeHtml(m.error)}</p>` : ''}
  <form method="post" action="${escapeHtml(m.action)}" autocomplete="on">
    <input type="hidden" name="lang" value="${m.lang}">
    ${tenantField}
    <label for="account">${t.account}</label>
    <input id="account" name="account" autocomplete="username" required placeholder="${t.accountPlaceholder}" value="${escapeHtml(m.account ?? '')}"${m.account ? '' : ' autofocus'}>
    <label for="password">${t.password}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required placeholder="${t.passwordPlaceholder}"${m.account ? ' autofocus' : ''}>
    <button type="submit">${t.submit}</button>
  </form>
</main>
</body>
</html>`;
}
