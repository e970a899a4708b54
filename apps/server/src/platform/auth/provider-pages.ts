/** Pages the built-in provider shows itself: sign-out and errors (zh and en together). */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:sans-serif;max-width:560px;margin:40px auto;padding:0 16px;line-height:1.6">${body}</body></html>`;
}

/**
 * The end-session page around oidc-provider's form. With an id_token hint the request comes
 * from a client holding this user's id_token (our web app's 注销登录): it submits itself and the
 * whole provider session ends. Without one any page could have sent the browser here (a
 * cross-site GET), so the user is asked.
 */
export function logoutPage(form: string, hinted: boolean): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  if (hinted) {
    return page(
      '正在退出登录 / Signing out',
      `${confirmed}<p>正在退出登录… / Signing out…</p><script>document.forms[0].submit()</script><noscript><button form="op.logoutForm">退出登录 / Sign out</button></noscript>`,
    );
  }
  return page(
    '退出登录 / Sign out',
    `${confirmed}<h1>退出登录？</h1><p>是否退出统一身份认证？退出后需重新登录。</p><p lang="en">Sign out of this site? You will need to sign in again.</p><p><button form="op.logoutForm" type="submit" style="font-size:16px;padding:8px 20px">退出登录 / Sign out</button></p><p>不想退出请直接关闭此页。/ To stay signed in, close this page.</p>`,
  );
}

/**
 * The provider's error page. For a sign-in refused because the page it would return to is at
 * an origin this deployment does not know, it says which settings admit that origin.
 */
export function errorPage(out: { error?: unknown; error_description?: unknown }, refusedOrigin: string | null): string {
  const detail = `<pre style="white-space:pre-wrap">${escapeHtml(String(out.error ?? ''))}: ${escapeHtml(String(out.error_description ?? ''))}</pre>`;
  if (!refusedOrigin)
    return page('认证错误 / Authentication error', `<h1>认证错误</h1><p>Error in authentication</p>${detail}`);
  const o = escapeHtml(refusedOrigin);
  return page(
    '此地址不能登录 / Sign-in not allowed from this address',
    `<h1>此地址不能登录</h1><p>本系统未配置为通过 <code>${o}</code> 访问。管理员可将服务器的 <code>PUBLIC_URL</code> 设为该地址，或把它加入 <code>OIDC_REDIRECT_ORIGINS</code>（逗号分隔），然后重启服务。</p><h2 lang="en">Sign-in not allowed from this address</h2><p lang="en">This server is not configured to be reached at <code>${o}</code>. An administrator can set the server's <code>PUBLIC_URL</code> to it, or add it to <code>OIDC_REDIRECT_ORIGINS</code> (comma separated), and restart.</p>${detail}`,
  );
}
