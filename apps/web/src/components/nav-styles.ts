/** Button styles shared by the navigation bar and its mobile menu. */
export const primaryButton =
  'rounded-lg bg-indigo-600 px-4 py-2 text-center font-semibold text-sm text-white shadow-sm hover:bg-indigo-500';
export const secondaryButton =
  'rounded-lg px-4 py-2 text-center font-semibold text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
