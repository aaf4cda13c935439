import { authClient } from '@client/auth/client';
import { NetworkError, toApiError } from './errors';

/** Sends one file as the request body (its name in X-File-Name), with the session's token. */
export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const token = await authClient.getAccessToken();
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': file.type || 'application/octet-stream',
        'x-file-name': encodeURIComponent(file.name),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
    });
  } catch {
    throw new NetworkError();
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}
