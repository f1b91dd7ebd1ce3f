import { AppError } from '../domain/errors.ts';

/** The message was handed back on shutdown; the handler should stop. */
export class ConsumerStoppingError extends AppError {
  constructor() {
    super('consumer_stopping', 'the consumer is stopping; the message was handed back to the queue', {
      retryable: true,
    });
  }
}

/** The handler ran past `handlerTimeoutSeconds`; its signal is aborted and the message retried. */
export class HandlerTimeoutError extends AppError {
  constructor(seconds: number) {
    super('handler_timeout', `the handler ran longer than ${seconds} s`, { retryable: true });
  }
}
