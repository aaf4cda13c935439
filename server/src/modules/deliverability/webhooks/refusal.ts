import { HttpError } from '../../../http/errors';

/** A webhook refused: bad credentials (401), a signature or timestamp that fails (403), a malformed body (400). */
export class WebhookRefusal extends HttpError {
  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(status, code, message, fields);
    this.name = 'WebhookRefusal';
  }
}
