import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { RuleIssue } from '../../../../../features/rules/validation.ts';
import { ruleIssueText } from './RuleFields.tsx';

/** Shows rule problems on their fields (under `prefix`), scrolls to the first; returns its message, or null. */
export function applyRuleIssues(
  form: FormInstance,
  issues: RuleIssue[],
  t: TFunction,
  prefix: (string | number)[] = [],
): string | null {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of issues) {
    const name = [...prefix, ...issue.path];
    const key = JSON.stringify(name);
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(ruleIssueText(t, issue));
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
  const first = issues[0];
  // After the tab holding the field is shown (the caller switches tabs first).
  if (first) setTimeout(() => form.scrollToField([...prefix, ...first.path], { block: 'center' }), 0);
  return issues[0] ? ruleIssueText(t, issues[0]) : null;
}
