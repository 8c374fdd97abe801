import { HighlightStyle } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * The code's colours, each at 4.5:1 or more (WCAG 2.2 AA) on the editor's background, its active
 * line and a line the AI just changed (issue 22). CodeMirror's light defaults and One Dark's
 * palette are kept, but for the few that fell short: light green, orange and red; dark coral,
 * violet and the grey of comments and line numbers.
 */

export const lightHighlight = HighlightStyle.define([
  { tag: tags.meta, color: '#404740' },
  { tag: tags.link, textDecoration: 'underline' },
  { tag: tags.heading, textDecoration: 'underline', fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.keyword, color: '#708' },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName], color: '#219' },
  { tag: [tags.literal, tags.inserted], color: '#164' },
  { tag: [tags.string, tags.deleted], color: '#a11' },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: '#b33000' },
  { tag: tags.definition(tags.variableName), color: '#00f' },
  { tag: tags.local(tags.variableName), color: '#30a' },
  { tag: [tags.typeName, tags.namespace], color: '#006a44' },
  { tag: tags.className, color: '#167' },
  { tag: [tags.special(tags.variableName), tags.macroName], color: '#256' },
  { tag: tags.definition(tags.propertyName), color: '#00c' },
  { tag: tags.comment, color: '#940' },
  { tag: tags.invalid, color: '#c00' },
]);

const dark = {
  chalky: '#e5c07b',
  coral: '#ef8a92',
  cyan: '#56b6c2',
  ivory: '#abb2bf',
  stone: '#a0a8b7',
  malibu: '#61afef',
  sage: '#98c379',
  whiskey: '#d19a66',
  violet: '#d08ee6',
};

export const darkHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: dark.violet },
  { tag: [tags.name, tags.deleted, tags.character, tags.propertyName, tags.macroName], color: dark.coral },
  { tag: [tags.function(tags.variableName), tags.labelName], color: dark.malibu },
  { tag: [tags.color, tags.constant(tags.name), tags.standard(tags.name)], color: dark.whiskey },
  { tag: [tags.definition(tags.name), tags.separator], color: dark.ivory },
  {
    tag: [tags.typeName, tags.className, tags.number, tags.changed, tags.annotation, tags.modifier, tags.self, tags.namespace],
    color: dark.chalky,
  },
  {
    tag: [tags.operator, tags.operatorKeyword, tags.url, tags.escape, tags.regexp, tags.link, tags.special(tags.string)],
    color: dark.cyan,
  },
  { tag: [tags.meta, tags.comment], color: dark.stone },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.link, color: dark.stone, textDecoration: 'underline' },
  { tag: tags.heading, fontWeight: 'bold', color: dark.coral },
  { tag: [tags.atom, tags.bool, tags.special(tags.variableName)], color: dark.whiskey },
  { tag: [tags.processingInstruction, tags.string, tags.inserted], color: dark.sage },
  { tag: tags.invalid, color: '#ffffff' },
]);

/**
 * Line numbers readable on One Dark's gutter (its grey was 3.9:1). Set on the numbers themselves:
 * One Dark's colour for `.cm-gutters` is as specific as ours and would win by order.
 */
export const darkGutters = EditorView.theme({ '.cm-gutters .cm-gutterElement': { color: dark.stone } }, { dark: true });

/** A line the AI changed: a tint light enough that every colour above keeps its contrast on it. */
export const updatedLineTheme = EditorView.baseTheme({
  '&light .cm-div-updated': { backgroundColor: 'rgba(250, 204, 21, 0.18)', boxShadow: 'inset 3px 0 0 rgb(234, 179, 8)' },
  '&dark .cm-div-updated': { backgroundColor: 'rgba(250, 204, 21, 0.1)', boxShadow: 'inset 3px 0 0 rgb(234, 179, 8)' },
});
