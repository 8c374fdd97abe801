import type { ListImagesResponse, SpaceImage } from '@div/shared/assets';
import { api } from '../../../lib/api';

const base = (spaceId: string) => `/api/spaces/${encodeURIComponent(spaceId)}/images`;

export const listImages = (spaceId: string) => api<ListImagesResponse>(base(spaceId));

/** Sends the file's bytes; the server reads the type from them (ADR 0203). */
export const uploadImage = (spaceId: string, file: File) =>
  api<{ image: SpaceImage }>(`${base(spaceId)}?name=${encodeURIComponent(file.name || 'imagen')}`, {
    method: 'POST',
    rawBody: file,
  });

export const renameImage = (spaceId: string, imageId: string, name: string) =>
  api<{ image: SpaceImage; revision: number }>(`${base(spaceId)}/${encodeURIComponent(imageId)}`, {
    method: 'PATCH',
    body: { name },
  });

export const deleteImage = (spaceId: string, imageId: string) =>
  api<void>(`${base(spaceId)}/${encodeURIComponent(imageId)}`, { method: 'DELETE' });
