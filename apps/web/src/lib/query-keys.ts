/**
 * Query keys more than one feature touches (features never import each other): the project list,
 * which the editor refreshes after a rename.
 */
export const spacesQueryKey = ['spaces'] as const;
