/** The core part's texts in English, keyed by file: one module, so they travel as one chunk (see ../index.ts). */
export default import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });
