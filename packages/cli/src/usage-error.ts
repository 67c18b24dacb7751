/** Bad command line: printed with the command's help and exit code 2 (failures exit 1). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command: string | null = null,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
