/** Where the rule template screens live (manage paths.ts names the routes). */
export const TEMPLATE_LIST_PATH = '/manage/resources/resources-rule-template';
export const TEMPLATE_ADD_PATH = '/manage/resources/resources-rule-template-add';
export const templateEditPath = (id: string) => `${TEMPLATE_LIST_PATH}/${encodeURIComponent(id)}`;
