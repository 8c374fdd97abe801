import type { DesignChangeResponse, DesignPreviewResponse, DesignsResponse } from '@div/shared/design';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

const base = (spaceId: string) => `/api/spaces/${encodeURIComponent(spaceId)}`;

/** The other design families of the site ("Cambiar diseño"); a new `stamp` (the files changed) asks again. */
export function useDesigns(spaceId: string, stamp: string, enabled: boolean) {
  return useQuery({
    queryKey: ['designs', spaceId, stamp],
    queryFn: () => api<DesignsResponse>(`${base(spaceId)}/designs`),
    enabled,
    staleTime: 60_000,
  });
}

/** The site as one document in another family, for its small preview. */
export function useDesignPreview(spaceId: string, family: string, stamp: string) {
  return useQuery({
    queryKey: ['design-preview', spaceId, family, stamp],
    queryFn: () => api<DesignPreviewResponse>(`${base(spaceId)}/designs/${encodeURIComponent(family)}/preview`),
    staleTime: 60_000,
  });
}

/** The same content in another family, as a new version (no AI message). */
export function applyDesign(spaceId: string, family: string) {
  return api<DesignChangeResponse>(`${base(spaceId)}/design`, { method: 'POST', body: { family } });
}

/** One of the space's images in the hero, as a new version (no AI message). */
export function putHeroImage(spaceId: string, name: string) {
  return api<DesignChangeResponse>(`${base(spaceId)}/hero-image`, { method: 'POST', body: { name } });
}
