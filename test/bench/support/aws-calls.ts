/** An AWS SDK v3 client, as far as adding a middleware goes. */
interface WithMiddleware {
  readonly middlewareStack: { add: (...args: never[]) => void };
}

type Middleware = (
  next: (args: unknown) => Promise<unknown>,
  context: { commandName?: string },
) => (args: unknown) => Promise<unknown>;

/**
 * Runs `before` ahead of every request `client` sends (its command's name), before the request leaves:
 * to count the calls, or to wait as a far-away endpoint would make the caller wait.
 */
export const beforeEachCall = <C extends WithMiddleware>(
  client: C,
  before: (command: string) => void | Promise<void>,
): C => {
  const add = client.middlewareStack.add as unknown as (
    middleware: Middleware,
    options: { step: string; name: string },
  ) => void;
  add(
    (next, context) => async (args) => {
      await before(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize', name: 'stevedoreBenchBeforeEachCall' },
  );
  return client;
};
