import type { SelectedElement } from '@div/shared/generation';
import type { SiteProfile } from '@div/shared/profile';
import { EDIT_INSTRUCTIONS, formatFileBlock, THINKING_INSTRUCTIONS, WHOLE_FILES_INSTRUCTIONS } from '@div/site-engine/protocol';
import type { AiMessage, AiSiteFile, AiSiteImage } from '../../providers/ai';

/**
 * The prompts of a generation, built from site-engine's output protocol: a system prompt (whole
 * files for a new site, SEARCH/REPLACE blocks for a follow-up), the current files, the element the
 * user selected, and the markdown of a page to redesign.
 */

/** Forms deliver through DIV when published (issue 23, ADR 0191): plain forms with named fields. */
export const FORMS_INSTRUCTIONS = `Forms (contact, booking, newsletter, quotes) work without any backend code: DIV delivers every form of a published site to its owner. Write plain HTML forms: <form> with a name attribute (e.g. name="contacto") and no action, method or third-party service; every field with a name attribute and a visible <label>; required on the fields that must be filled; the email field as type="email" name="email"; no file inputs. Put the thank-you text in data-success on the form (e.g. data-success="¡Gracias! Te responderemos muy pronto."). Do not fake sending in JavaScript.`;

const ROLE = `You are DIV, an expert web designer and front-end developer. You build complete, modern, responsive, accessible websites with semantic HTML, CSS and plain JavaScript (no build step). Write real content that fits the request (never lorem ipsum), in the language the user writes in unless they ask otherwise. Make the design attractive: a clear visual hierarchy, good contrast, generous spacing and a layout that works from mobile to wide screens.

${FORMS_INSTRUCTIONS}`;

export interface PromptInput {
  prompt: string;
  /** The site's current files; empty for a new site. */
  files: readonly AiSiteFile[];
  previousPrompt?: string | undefined;
  selectedElement?: SelectedElement | undefined;
  redesignMarkdown?: string | undefined;
  /** The file the user has open in the editor. */
  activeFileId?: string | undefined;
  thinker?: boolean;
  /** The space's own images (issue 24): listed so requests like "pon mi logo en la cabecera" use them. */
  images?: readonly AiSiteImage[] | undefined;
  /** What DIV understood of the site ("Lo que entendí", ADR 0254), as the person may have corrected it. */
  profile?: SiteProfile | null | undefined;
}

/** The site profile as the model reads it: the facts to keep, and which were read with doubt. */
export function profileBlock(profile: SiteProfile): string {
  const { uncertain, ...facts } = profile;
  const doubtful = uncertain.length
    ? `\nThese facts were read with doubt; do not repeat them elsewhere unless the request confirms them: ${uncertain.join(', ')}.`
    : '';
  return `What DIV understood about this site (its profile, which the person may have corrected). Keep these facts exactly as written wherever the site shows them, and use them instead of inventing others:\n\`\`\`json\n${JSON.stringify(facts, null, 2)}\n\`\`\`${doubtful}`;
}

/** The space's images as the model reads them: path, size, weight and alt text. */
export function imagesBlock(images: readonly AiSiteImage[]): string {
  const lines = images.map(
    (i) =>
      `- images/${i.name} (${i.width}×${i.height} px, ${Math.max(1, Math.round(i.bytes / 1024))} KB${i.alt ? `, alt: "${i.alt}"` : ''})`,
  );
  return `The user uploaded these images for the site. Use them where they fit (a logo in the header, a photo in the hero or a gallery) by their path exactly as written, with a fitting alt text; do not invent other image files:\n${lines.join('\n')}`;
}

/** Whether the request changes an existing site (edits) rather than writing a new one. */
export function isFollowUp(input: Pick<PromptInput, 'files'>): boolean {
  return input.files.some((f) => /\.html?$/i.test(f.path));
}

/**
 * A file as the model reads it. Font files written as data: URLs (the composer's fonts.css, ADR 0251)
 * are tens of kilobytes of base64 a model can neither read nor usefully change: it sees their
 * @font-face rules with the data left out, and is told to keep the file as it is.
 */
function promptFileBlock(file: AiSiteFile): string {
  if (!/url\("data:font\//.test(file.content)) return formatFileBlock(file.path, file.content);
  const summary = file.content.replace(/url\("data:font\/[^"]*"\)/g, 'url("data:…")');
  return `${formatFileBlock(file.path, summary)}\n(${file.path} holds the site's self-hosted typefaces as data: URLs, shortened above; leave it unchanged and use its font-family names.)`;
}

export function buildMessages(input: PromptInput): AiMessage[] {
  const followUp = isFollowUp(input);
  const system = [ROLE, followUp ? EDIT_INSTRUCTIONS : WHOLE_FILES_INSTRUCTIONS];
  if (input.thinker) system.push(THINKING_INSTRUCTIONS);
  const user: string[] = [];
  if (followUp) {
    user.push('These are the current files of the site:');
    for (const file of input.files) user.push(promptFileBlock(file));
    if (input.activeFileId) user.push(`The user is looking at ${input.activeFileId}.`);
  }
  if (input.images?.length) user.push(imagesBlock(input.images));
  if (input.profile) user.push(profileBlock(input.profile));
  if (input.previousPrompt?.trim()) user.push(`The previous request was: ${input.previousPrompt.trim()}`);
  if (input.redesignMarkdown?.trim()) {
    user.push(
      `Redesign the following page (its content, converted to markdown). Keep its information and structure, and give it a fresh, modern design:\n\n${input.redesignMarkdown.trim()}`,
    );
  }
  if (input.selectedElement) {
    user.push(
      `Change only this element (CSS selector \`${input.selectedElement.selector}\`) unless the request says otherwise:\n\`\`\`html\n${input.selectedElement.html}\n\`\`\``,
    );
  }
  user.push(followUp ? `Change the site as follows: ${input.prompt}` : `Build this website: ${input.prompt}`);
  return [
    { role: 'system', content: system.join('\n\n') },
    { role: 'user', content: user.join('\n\n') },
  ];
}

/** The retry after edit blocks failed: the model sees its answer and why blocks did not apply. */
export function retryMessages(messages: readonly AiMessage[], answer: string, failures: string): AiMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content: `${failures}\n\nAnswer again with SEARCH/REPLACE blocks that match the current files exactly, following the same format.`,
    },
  ];
}

/** The last resort after a failed retry: the whole files that could not be edited. */
export function wholeFileMessages(input: PromptInput, paths: readonly string[]): AiMessage[] {
  const system = [ROLE, WHOLE_FILES_INSTRUCTIONS];
  if (input.thinker) system.push(THINKING_INSTRUCTIONS);
  const user = ['These are the current files of the site:'];
  for (const file of input.files) user.push(promptFileBlock(file));
  if (input.selectedElement) {
    user.push(`The change concerns the element \`${input.selectedElement.selector}\`.`);
  }
  user.push(
    `Change the site as follows: ${input.prompt}\n\nWrite the complete new version of ${paths.join(', ')} (every line, not only the changes). Do not write the other files.`,
  );
  return [
    { role: 'system', content: system.join('\n\n') },
    { role: 'user', content: user.join('\n\n') },
  ];
}

/** Rough token count (about four characters a token) used for the providers' limits. */
export function estimateTokens(messages: readonly AiMessage[]): number {
  return Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4);
}

/** The fix-error request: a corrected whole document. */
export function fixMessages(html: string, error: string): AiMessage[] {
  return [
    {
      role: 'system',
      content: `${ROLE}\n\nYou fix errors in web pages. Answer with the complete corrected document in one fenced block:\n\n\`\`\`html index.html\n<!DOCTYPE html>\n...\n\`\`\`\n\nChange only what is needed to fix the error. If it cannot be fixed, answer with one short sentence explaining why and no code.`,
    },
    { role: 'user', content: `The page reports this error:\n\n${error}\n\nThe page:\n\n${formatFileBlock('index.html', html)}` },
  ];
}
