/**
 * The API's shapes, taken from the server's own contracts in @div/shared (type-only imports: nothing
 * of them is loaded at run time, so the SDK needs nothing but `fetch`).
 */
export type { ChecksResponse, Finding, FixChecksBody, FixChecksResponse } from '@div/shared/checks';
export type {
  ApiQuota,
  V1EditBody,
  V1Error,
  V1FilesResponse,
  V1GenerateBody,
  V1GenerationResult,
  V1UsageResponse,
} from '@div/shared/developer-api';
export type { ListSubmissionsQuery, Submission, SubmissionList } from '@div/shared/forms';
export type {
  CodeEvent,
  DoneEvent,
  EditsEvent,
  FilesEvent,
  GenerationErrorEvent,
  GenerationEvent,
  KeepaliveEvent,
  ThinkingEvent,
} from '@div/shared/generation';
export type {
  GitConflict,
  GitConflictFile,
  GitConnectBody,
  GitPullBody,
  GitPullResponse,
  GitPushResponse,
  GitResolveBody,
  GitSettingsBody,
  GitStatus,
} from '@div/shared/git';
export type { DeployResponse } from '@div/shared/publishing';
export type {
  ListSpacesQuery,
  ListSpacesResponse,
  ListVersionsResponse,
  SpaceResponse,
  SpaceSummary,
  Version,
} from '@div/shared/spaces';
