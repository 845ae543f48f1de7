/**
 * Error thrown by every importer (lib/import/*) for unreadable or invalid upstream input.
 * The CLI prints `message` as is, so messages name the file/option and what is wrong.
 */
export class ImportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImportError';
  }
}
