/** An error answered by our server: { error: { code, message, fields? } }. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The network failed or the answer was not ours (no JSON error body). */
export class NetworkError extends Error {
  constructor(message = 'Network error') {
    super(message);
    this.name = 'NetworkError';
  }
}

export async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string; fields?: Record<string, string> } };
    if (body?.error?.code) return new ApiError(res.status, body.error.code, body.error.message ?? '', body.error.fields);
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, `http_${res.status}`, res.statusText || 'Request failed');
}
