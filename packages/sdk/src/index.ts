export { DivClient, type DivClientOptions, type GenerationStream, type RequestOptions } from './client';
export { DivApiError } from './errors';
export type * from './types';
