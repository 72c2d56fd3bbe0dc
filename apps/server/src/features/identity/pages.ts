/** The embedded identity provider's pages: plain, accessible HTML forms in the product's look. */

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const styles = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f3f5;
  font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#212529;font-size:16px}
main{width:100%;max-width:400px;margin:16px;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px;
  box-shadow:0 1px 3px rgba(0,0,0,.05)}
.brand{font-weight:700;color:#1864ab;font-size:20px;margin:0 0 8px}
h1{font-size:24px;margin:0 0 24px}
label{display:block;font-weight:500;font-size:14px;margin:16px 0 4px}
input{width:100%;padding:8px 12px;font-size:16px;border:1px solid #ced4da;border-radius:4px}
input:focus,button:focus,a:focus{outline:2px solid #1864ab;outline-offset:2px}
button{margin-top:24px;width:100%;padding:10px;font-size:16px;font-weight:600;color:#fff;background:#1864ab;border:0;
  border-radius:4px;cursor:pointer}
button:hover{background:#124a80}
.alert{margin:0 0 16px;padding:12px;border-radius:4px;background:#fff5f5;border:1px solid #ffc9c9;color:#c92a2a}
.alert ul{margin:8px 0 0;padding-left:20px}
.hint{margin-top:24px;padding:12px;border-radius:4px;background:#e7f5ff;color:#1864ab;font-size:14px}
.alt{margin-top:16px;font-size:14px;text-align:center}
.help{font-size:13px;color:#495057;margin:4px 0 0}
a{color:#1864ab}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} · Fieldbook</title><style>${styles}</style></head>
<body><main><p class="brand">Fieldbook</p>${body}</main></body>
</html>`;
}

const alert = (message: string | undefined, items: string[] = []) =>
  message
    ? `<div class="alert" role="alert">${escapeHtml(message)}${
        items.length ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : ''
      }</div>`
    : '';

export function loginPage(options: {
  uid: string;
  email?: string;
  error?: string;
  signupEnabled: boolean;
  demoHint?: { email: string; password: string } | undefined;
  /** After a wrong password the cursor waits in Password, the email being kept. */
  focusPassword?: boolean;
}): string {
  const action = `/oidc/interaction/${encodeURIComponent(options.uid)}`;
  const focus = (field: 'email' | 'password') =>
    (field === 'password') === Boolean(options.focusPassword) ? ' autofocus' : '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>${alert(options.error)}
<form method="post" action="${action}/login" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required${focus('email')} value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${focus('password')}>
<button type="submit">Sign in</button>
</form>
<p class="alt"><a href="${action}/forgot">Forgot password?</a></p>
${options.signupEnabled ? `<p class="alt">New to Fieldbook? <a href="${action}/signup">Create an account</a></p>` : ''}
${
  options.demoHint
    ? `<p class="hint">Demo sign-in: <strong>${escapeHtml(options.demoHint.email)}</strong> with password <strong>${escapeHtml(options.demoHint.password)}</strong></p>`
    : ''
}`,
  );
}

export function signupPage(options: {
  uid: string;
  name?: string;
  email?: string;
  error?: string;
  fieldErrors?: string[];
}): string {
  const action = `/oidc/interaction/${encodeURIComponent(options.uid)}`;
  return layout(
    'Create an account',
    `<h1>Create an account</h1>${alert(options.error, options.fieldErrors)}
<form method="post" action="${action}/signup" novalidate>
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required autofocus value="${escapeHtml(options.name ?? '')}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8"
 aria-describedby="password-help">
<p id="password-help" class="help">At least 8 characters.</p>
<button type="submit">Create account</button>
</form>
<p class="alt">Already have an account? <a href="${action}">Sign in</a></p>`,
  );
}

/** Asks for the email to send a link to choose a new password to. */
export function forgotPasswordPage(options: { uid: string; email?: string; error?: string }): string {
  const action = `/oidc/interaction/${encodeURIComponent(options.uid)}`;
  return layout(
    'Forgot password',
    `<h1>Forgot password</h1>${alert(options.error)}
<p>Enter the email you sign in with. We will send you a link to choose a new password.</p>
<form method="post" action="${action}/forgot" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}">
<button type="submit">Send reset link</button>
</form>
<p class="alt"><a href="${action}">Back to sign in</a></p>`,
  );
}

/** What the person sees after asking for a link, whether or not an account has the email. */
export function resetLinkSentPage(options: { uid: string; mailConfigured: boolean }): string {
  const where = options.mailConfigured
    ? ''
    : '<p class="hint">No mail server is set up for this Fieldbook, so the link was written to the server’s log. Ask your administrator for it.</p>';
  return layout(
    'Check your email',
    `<h1>Check your email</h1>
<p role="status">If an account uses that email, a link to choose a new password has been sent to it. The link works for one hour.</p>
${where}
<p class="alt"><a href="/oidc/interaction/${encodeURIComponent(options.uid)}">Back to sign in</a></p>`,
  );
}

/** The form a reset link opens: the new password, twice. */
export function chooseNewPasswordPage(options: {
  action: string;
  error?: string;
  fieldErrors?: string[];
}): string {
  return layout(
    'Choose a new password',
    `<h1>Choose a new password</h1>${alert(options.error, options.fieldErrors)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" autofocus
 aria-describedby="password-help">
<p id="password-help" class="help">At least 8 characters.</p>
<label for="confirm">New password again</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="8">
<button type="submit">Change password</button>
</form>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
      link ? `<p class="alt"><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''
    }`,
  );
}

/** Submits the sign-out form: a file of our origin, as the Content-Security-Policy allows no inline script. */
export const logoutScript = { path: '/oidc-assets/logout.js', body: 'document.forms[0].submit();\n' };

/** Sign-out asks nothing: the provider's form (with its CSRF token) submits itself. */
export function logoutPage(form: string): string {
  const autoSubmit = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout(
    'Signing out',
    `<h1>Signing out…</h1>${autoSubmit}
<noscript><button form="op.logoutForm" type="submit">Sign out</button></noscript>
<script src="${logoutScript.path}"></script>`,
  );
}

export function signedOutPage(publicUrl: string): string {
  return messagePage('Signed out', 'You have signed out of Fieldbook.', {
    href: `${publicUrl}/`,
    text: 'Sign in again',
  });
}

export function providerErrorPage(out: { error_description?: string | undefined }): string {
  const description =
    typeof out.error_description === 'string' ? out.error_description : 'The sign-in request failed.';
  return messagePage('Sign-in problem', description, { href: '/', text: 'Back to Fieldbook' });
}
