/** Where the resource screens live (manage paths.ts names the routes). */
export const RESOURCE_LIST_PATH = '/manage/resources/resources-list';
export const RESOURCE_ADD_PATH = '/manage/resources/resources-list-add';
export const resourceEditPath = (id: string) => `${RESOURCE_LIST_PATH}/${encodeURIComponent(id)}`;
