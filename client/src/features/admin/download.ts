import { authClient } from '@client/auth/client';
import { ApiError } from '@client/api/http';

/** Downloads a file from our /api with the access token (CSV exports), keeping the server's file name. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = await authClient.getAccessToken();
  const res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new ApiError(res.status, 'download_failed', 'Download failed');
  const blob = await res.blob();
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = match?.[1] ?? fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
