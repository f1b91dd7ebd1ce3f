import { html } from 'hono/html';
import { type Html, page } from './page-layout.ts';

/** The sign-in form: the API key once, posted (never in a URL), then a session cookie. */
export function signInPage(options: { next: string; error?: string }): Html {
  const error =
    options.error === undefined
      ? ''
      : html`<p class="notice error" role="alert" id="sign-in-error">${options.error}</p>`;
  return page({
    title: 'Sign in',
    signedIn: false,
    body: html`<h1>Sign in</h1>
${error}
<form class="signin" method="post" action="/sign-in">
<input type="hidden" name="next" value="${options.next}">
<label for="api-key">API key</label>
<input id="api-key" name="api_key" type="password" autocomplete="current-password" required autofocus${
      options.error === undefined ? '' : html` aria-describedby="sign-in-error"`
    }>
<button type="submit">Sign in</button>
<p class="muted">The key of your account (<code>stevedore up</code> prints where it is). It is sent once; the browser keeps a session cookie, not the key.</p>
</form>`,
  });
}

/** A short page for refusals (a cross-site form, an expired link) and missing things. */
export function messagePage(options: { title: string; message: string; signedIn: boolean }): Html {
  return page({
    title: options.title,
    signedIn: options.signedIn,
    body: html`<h1>${options.title}</h1><p class="notice">${options.message}</p><p><a href="/shipments">Back to shipments</a></p>`,
  });
}
