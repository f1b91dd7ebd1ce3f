/**
 * Why a webhook URL may not carry `user:password@`: the URL is shown to everyone who lists the
 * account's webhooks and is written to logs and delivery records, while the webhook's `headers` are the
 * place for a receiver's credentials. Undefined when the URL has none (or is no URL).
 */
export function urlCredentialsProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.username === '' && parsed.password === '') return undefined;
  return "must not carry credentials (user:password@); send them with the webhook's headers instead";
}
