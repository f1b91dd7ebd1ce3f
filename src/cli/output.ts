/** Where a command writes; a parameter so tests can capture it. */
export interface Output {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream;
}

export const line = (stream: NodeJS.WritableStream, text = ''): void => {
  stream.write(`${text}\n`);
};
