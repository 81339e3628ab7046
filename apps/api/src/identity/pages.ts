/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const LOGO = `<svg width="36" height="36" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#1c7ed6"/><path d="M16 6v21M7 10h18M9 10v3M23 10v3M12 15h8" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/></svg>`;

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f6f8;--card:#fff;--text:#1f2933;--muted:#5f6b7a;--border:#d5dbe1;--accent:#1c7ed6;--error:#c92a2a}
@media (prefers-color-scheme:dark){:root{--bg:#141517;--card:#1f2023;--text:#e3e5e8;--muted:#9aa3ad;--border:#373a40;--accent:#4dabf7;--error:#ff8787}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--text);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:380px;padding:24px}
.card{background:var(--card);border:1px solid var(--border);border-radius:10px;padding:28px}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:20px;font-weight:700;font-size:20px}
h1{font-size:18px;margin:0 0 4px}p.sub{margin:0 0 20px;color:var(--muted);font-size:14px}
label{display:block;font-weight:600;font-size:13px;margin:14px 0 4px}
input{width:100%;padding:9px 11px;border:1px solid var(--border);border-radius:6px;background:transparent;color:var(--text);font:inherit}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:6px;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.alert{border:1px solid var(--error);color:var(--error);border-radius:6px;padding:9px 11px;font-size:14px;margin-bottom:8px}
footer{margin-top:16px;text-align:center;color:var(--muted);font-size:12px}`;

/** The frame of every page the identity provider shows, in Crossarm's look. */
export function page(title: string, body: string, headExtra = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Crossarm</title><style>${STYLE}</style>${headExtra}</head>
<body><main><div class="card"><div class="brand">${LOGO}<span>Crossarm</span></div>${body}</div>
<footer>Joint use permitting for utilities and attachers</footer></main></body></html>`;
}

export interface LoginFormOptions {
  action: string;
  email?: string;
  error?: string;
}

/** The sign-in form: fields `email` and `password`, a `Sign in` button, and an error when there is one. */
export function loginPage({ action, email = '', error }: LoginFormOptions): string {
  const alert = error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1><p class="sub">Use your Crossarm account.</p>${alert}
<form method="post" action="${escapeHtml(action)}" autocomplete="on">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}" ${email ? '' : 'autofocus'}>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required ${email ? 'autofocus' : ''}>
<button type="submit">Sign in</button></form>`,
  );
}

/** A message page for errors and for the end of a sign-out. */
export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  const action = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="sub">${escapeHtml(message)}</p>${action}`);
}
