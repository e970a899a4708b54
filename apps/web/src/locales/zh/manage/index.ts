/** The manage part's texts in Chinese, keyed by file: one module, so they travel as one chunk (see ../../index.ts). */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
