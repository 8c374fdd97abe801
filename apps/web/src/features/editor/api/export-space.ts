import { ApiError } from '../../../lib/api';
import { clearSession, getSession } from '../../../lib/session';

/** The file name of a Content-Disposition header (RFC 6266 filename* first). */
export function filenameFromDisposition(header: string | null, fallback: string) {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {}
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : fallback;
}

/** Downloads the export (HTML or ZIP per plan) with the bearer token; the body is binary. */
export async function exportSpace(spaceId: string) {
  const token = getSession()?.token;
  const response = await fetch(`/api/spaces/${encodeURIComponent(spaceId)}/export`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    if (response.status === 401) clearSession();
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(response.status, body.message ?? response.statusText, body.code ?? 'UNKNOWN', body);
  }
  const blob = await response.blob();
  const name = filenameFromDisposition(response.headers.get('content-disposition'), `${spaceId}.html`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
